import { Button, Flex, type GetRef, Input } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TextControlProps } from '@/components/text-control';
import { NS } from '../i18n';

type Snippet = { label: string; wrap: (selected: string) => string };

/** A plain HTML textarea with a few buttons that wrap the selection in common tags; a form control. */
export function HtmlEditor({ value = '', onChange, id }: TextControlProps) {
  const { t } = useTranslation(NS);
  const ref = useRef<GetRef<typeof Input.TextArea>>(null);
  const snippets: Snippet[] = [
    { label: t('insertParagraph'), wrap: (selected) => `<p>${selected}</p>` },
    { label: t('insertBold'), wrap: (selected) => `<b>${selected}</b>` },
    { label: t('insertLink'), wrap: (selected) => `<a href="https://">${selected || t('linkText')}</a>` },
    { label: t('insertImage'), wrap: () => '<img src="/uploads/" alt="" />' },
  ];

  const insert = (snippet: Snippet) => {
    const area = ref.current?.resizableTextArea?.textArea;
    const start = area?.selectionStart ?? value.length;
    const end = area?.selectionEnd ?? value.length;
    onChange?.(value.slice(0, start) + snippet.wrap(value.slice(start, end)) + value.slice(end));
    area?.focus();
  };

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap>
        {snippets.map((snippet) => (
          <Button key={snippet.label} size="small" onClick={() => insert(snippet)}>
            {snippet.label}
          </Button>
        ))}
      </Flex>
      <Input.TextArea
        id={id}
        ref={ref}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        autoSize={{ minRows: 14, maxRows: 28 }}
        spellCheck={false}
        style={{ fontFamily: 'monospace' }}
      />
    </Flex>
  );
}
