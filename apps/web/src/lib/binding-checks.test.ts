import { describe, expect, it } from 'vitest';
import { checkCode, checkEmail } from './binding-checks';

describe('binding checks', () => {
  it('asks for an email, then for a well-formed one', () => {
    expect(checkEmail('  ')).toBe('enterEmail');
    expect(checkEmail('someone')).toBe('emailInvalid');
    expect(checkEmail('someone@example')).toBe('emailInvalid');
    expect(checkEmail('a b@example.com')).toBe('emailInvalid');
    expect(checkEmail(`${'a'.repeat(250)}@example.com`)).toBe('emailInvalid');
    expect(checkEmail(' someone@example.com ')).toBeNull();
  });

  it('takes six digits as a code', () => {
    expect(checkCode('')).toBe('codeRequired');
    expect(checkCode('12345')).toBe('codeRequired');
    expect(checkCode('12345a')).toBe('codeRequired');
    expect(checkCode(' 123456 ')).toBeNull();
  });
});
