import { ERROR_CODES, type ErrorName } from '@minecloud/contract/errors';

/**
 * A domain error: an expected outcome with a code from the contract's closed table.
 * Thrown by services, turned into the envelope by the one error handler.
 */
export class AppError extends Error {
  readonly code: number;
  constructor(
    readonly name_: ErrorName,
    readonly field?: string,
    /** Values for the message's placeholders, e.g. `{ min: 2 }`. */
    readonly params?: Record<string, string | number>,
  ) {
    super(name_);
    this.code = ERROR_CODES[name_];
  }
}

export const fail = (name: ErrorName, field?: string): never => {
  throw new AppError(name, field);
};

/** Fails with a message that carries values, e.g. `failWith('belowMinQuantity', { min: 2 })`. */
export const failWith = (name: ErrorName, params: Record<string, string | number>): never => {
  throw new AppError(name, undefined, params);
};
