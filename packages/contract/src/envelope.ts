import { z } from 'zod';

export type Envelope<T> = { code: number; data: T; msg: string };

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), data, msg: z.string() });

export const SUCCESS_CODE = 0;
export const UNAUTHORIZED_CODE = 401;

export const pageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

export const pageSchema = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), total: z.number().int() });
