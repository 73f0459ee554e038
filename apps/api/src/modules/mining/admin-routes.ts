import { CONSOLE_CALLS } from '@minecloud/contract/console';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogue } from '../../lib/catalogue.ts';
import { actorOf } from '../auth/operators.ts';
import { allProducts, createProduct, productById, updateProduct } from './catalogue.ts';

/** The miner products members buy: the content role keeps them (lib/catalogue.ts). */
export const miningAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  catalogue(app, {
    name: 'product',
    calls: { list: CONSOLE_CALLS.productList, add: CONSOLE_CALLS.productAdd, edit: CONSOLE_CALLS.product },
    all: allProducts,
    byId: productById,
    create: createProduct,
    update: updateProduct,
    actorOf,
  });
};
