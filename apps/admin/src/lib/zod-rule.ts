import type { FormRule } from 'antd';

/** Anything with zod's `safeParse`: a field of a contract schema. */
export type Checkable = { safeParse(value: unknown): { success: boolean } };

/**
 * An antd form rule that accepts what the contract's schema accepts, so the form refuses exactly
 * what the server would, with `message` under the field. Empty values are left to `required`.
 */
export function zodRule(schema: Checkable, message: string): FormRule {
  return {
    validator: (_, value: unknown) =>
      value === undefined || value === null || value === '' || schema.safeParse(value).success
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  };
}
