import { Typography } from 'antd';

/** A job's result: JSON shown indented when it parses, else as it is. */
export function ResultText({ value }: { value: string }) {
  let text = value;
  try {
    text = JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    // Not JSON: the text as the job wrote it.
  }
  return (
    <Typography.Paragraph
      style={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', margin: 0 }}
      copyable={{ text: value }}
    >
      {text}
    </Typography.Paragraph>
  );
}
