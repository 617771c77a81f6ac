import { readKey, readObject, readString, type PlainObject } from './guards.js';
import type { Message } from './types.js';

/**
 * Token usage and cost as rows and adapters store them (DOM-free), in one shape whatever the
 * provider. Every field is null when the source did not say it.
 */
export interface Usage {
  /** Prompt tokens, cached ones included. */
  input: number | null;
  output: number | null;
  total: number | null;
  /** Prompt tokens read from the provider's cache (part of `input`). */
  cached: number | null;
  /** Output tokens spent reasoning (part of `output`). */
  reasoning: number | null;
  cost: number | null;
  /** ISO 4217 code of `cost` (`USD` unless stored). */
  currency: string | null;
}

/** A conversation's usage: the sums over the messages that carry any. */
export interface UsageTotal extends Usage {
  /** How many messages carried usage. */
  messages: number;
}

/** Where usage is stored, in `metadata`: adapters write `usage`; LangChain rows may keep `usage_metadata`. */
const USAGE_KEYS = ['usage', 'usage_metadata', 'token_usage'] as const;

/**
 * Reads usage from an item's metadata: LangChain `usage_metadata` (`input_tokens`, `output_tokens`,
 * `total_tokens`, `input_token_details.cache_read`, `output_token_details.reasoning`), Anthropic
 * (`input_tokens` without the cache, `cache_read_input_tokens`, `cache_creation_input_tokens`),
 * OpenAI (`prompt_tokens`, `completion_tokens`, `*_tokens_details`) and the AI SDK (`inputTokens`,
 * `outputTokens`, …). Cost from `cost` or `total_cost` in the usage or the metadata.
 */
export function readUsage(metadata: unknown): Usage | null {
  const usage = USAGE_KEYS.map((key) => readObject(metadata, key)).find((value) => value !== null) ?? null;
  const cost = count(usage, 'cost') ?? count(usage, 'total_cost') ?? count(metadata, 'cost');
  if (!usage && cost === null) return null;
  const source = usage ?? {};
  const cacheRead = count(source, 'cache_read_input_tokens');
  const cacheWrite = count(source, 'cache_creation_input_tokens');
  // Anthropic counts cached prompt tokens apart from `input_tokens`; every other shape includes them.
  const anthropicCache = cacheRead !== null || cacheWrite !== null ? (cacheRead ?? 0) + (cacheWrite ?? 0) : null;
  const baseInput = first(source, ['input_tokens', 'prompt_tokens', 'inputTokens', 'promptTokens']);
  const input = sum(baseInput, anthropicCache);
  const output = first(source, ['output_tokens', 'completion_tokens', 'outputTokens', 'completionTokens']);
  const result: Usage = {
    input,
    output,
    total: first(source, ['total_tokens', 'totalTokens']) ?? sum(input, output),
    cached: cacheRead ?? count(readObject(source, 'input_token_details'), 'cache_read') ??
      count(readObject(source, 'prompt_tokens_details'), 'cached_tokens') ?? count(source, 'cachedInputTokens'),
    reasoning: count(readObject(source, 'output_token_details'), 'reasoning') ??
      count(readObject(source, 'completion_tokens_details'), 'reasoning_tokens') ?? count(source, 'reasoningTokens'),
    cost,
    currency: cost === null ? null : (readString(source, 'currency') ?? readString(metadata, 'currency') ?? 'USD'),
  };
  return result.total === null && result.cost === null ? null : result;
}

/** A message's usage: its items share the message's metadata, so the first that has any says it. */
export function messageUsage(message: Message): Usage | null {
  for (const item of message.items) {
    const usage = readUsage(item.metadata);
    if (usage) return usage;
  }
  return null;
}

/**
 * The sums over these messages. A cost in another currency than the first one counted is left
 * out of `cost` (never added as if it were the same money).
 */
export function totalUsage(messages: Iterable<Message>): UsageTotal {
  const total: UsageTotal = { input: null, output: null, total: null, cached: null, reasoning: null, cost: null, currency: null, messages: 0 };
  for (const message of messages) {
    const usage = messageUsage(message);
    if (!usage) continue;
    total.messages++;
    total.input = sum(total.input, usage.input);
    total.output = sum(total.output, usage.output);
    total.total = sum(total.total, usage.total);
    total.cached = sum(total.cached, usage.cached);
    total.reasoning = sum(total.reasoning, usage.reasoning);
    if (usage.cost === null || (total.currency !== null && usage.currency !== total.currency)) continue;
    total.currency = usage.currency;
    total.cost = sum(total.cost, usage.cost);
  }
  return total;
}

function count(source: unknown, key: string): number | null {
  const value = readKey(source, key);
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

function first(source: PlainObject, keys: readonly string[]): number | null {
  for (const key of keys) {
    const value = count(source, key);
    if (value !== null) return value;
  }
  return null;
}

function sum(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : a + b;
}
