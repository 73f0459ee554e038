import { theme } from 'antd';

/** A decimal string as the server sent it: monospace, red when negative, with its asset. */
export function Amount({ value, asset }: { value: string; asset?: string }) {
  const { token } = theme.useToken();
  const negative = value.trim().startsWith('-');
  return (
    <span
      className="amount"
      style={{
        fontFamily: token.fontFamilyCode,
        whiteSpace: 'nowrap',
        color: negative ? token.colorError : undefined,
      }}
    >
      {value}
      {asset ? ` ${asset}` : ''}
    </span>
  );
}
