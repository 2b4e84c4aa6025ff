/**
 * The parts of the server's own OpenAPI document (`app.swagger()`) that the tests walking every
 * operation read: test/fuzz.test.ts and test/error-messages.test.ts.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  minItems?: number;
  default?: unknown;
};
export type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: JsonSchema };
export type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };
export type OpenApi = { paths: Record<string, Record<string, Operation>> };
