import { UsageError } from '../command.js';
import { apiCommand, decimalOf } from './api-command.js';

// `quarterdeck prices get|set|settings|dataset`: the organization's prices (docs/prices.md).

export const pricesGet = apiCommand({
  name: ['prices', 'get'],
  usage: '',
  summary: "The organization's currency, discount and price of each model it called or priced",
  async call({ client }) {
    return { value: await client.request('get', '/api/v0/organization/prices', {}) };
  },
});

export const pricesSet = apiCommand({
  name: ['prices', 'set'],
  usage: '<model-id> (<input> <output> <cache-read> <cache-write> | none)',
  summary: "Set a model's price per million tokens (list price, before the discount), or with \"none\" go back to the dataset's",
  positionals: { min: 2, max: 5 },
  async call({ client, args }) {
    const [modelId, ...values] = args.positionals as [string, ...string[]];
    let prices = null;
    if (values.length === 4) {
      const [input, output, cacheRead, cacheWrite] = values.map((text, i) => decimalOf(text, `${['input', 'output', 'cache-read', 'cache-write'][i]} price (per million tokens)`)) as [number, number, number, number];
      prices = { input, output, cacheRead, cacheWrite };
    } else if (values.length !== 1 || values[0] !== 'none') {
      throw new UsageError('give four prices (input, output, cache-read, cache-write) or "none"');
    }
    return { value: await client.request('put', '/api/v0/organization/prices/models', { body: { models: [{ modelId, prices }] } }) };
  },
});

export const pricesSettings = apiCommand({
  name: ['prices', 'settings'],
  usage: '[--currency <code>] [--discount <factor>]',
  summary: "Set the organization's currency and discount factor (0.8 is 20 % off)",
  options: {
    currency: { type: 'string', description: 'ISO 4217 code, e.g. USD (the default prices apply in USD only)' },
    discount: { type: 'string', description: 'Factor applied to every price, 0 to 10' },
  },
  async call(context) {
    const currency = context.option('currency');
    const discount = context.option('discount');
    if (currency === undefined && discount === undefined) throw new UsageError('give --currency, --discount or both');
    const body = { ...(currency === undefined ? {} : { currency }), ...(discount === undefined ? {} : { discount: decimalOf(discount, 'discount') }) };
    return { value: await context.client.request('patch', '/api/v0/organization/prices', { body }) };
  },
});

export const pricesDataset = apiCommand({
  name: ['prices', 'dataset'],
  usage: '',
  summary: 'The default prices: the price dataset\'s current models of the major vendors (USD per million tokens)',
  async call({ client }) {
    const answer = await client.request('get', '/api/v0/organization/prices/dataset', {});
    return { items: answer.models };
  },
});
