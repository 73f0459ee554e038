/** What a Form.Item hands a custom control of a text value: the value, its change, the id the label points at. */
export type TextControlProps = { value?: string; onChange?: (value: string) => void; id?: string };
