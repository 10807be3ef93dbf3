import { CityMarketParams, DecisionRequestBody, DistrictMarketParams, LocationsQuery } from '@app/contracts';
import type { ToolServices } from './tool-services';
import { READ, WRITE, defineTool, outputSchemaOf } from './mcp-tool';
import type { McpTool } from './mcp-tool';

/** The decision engine for broker sessions (issue 12): the product's core, paid from the workspace balance. */
export function decisionTools(services: ToolServices): McpTool[] {
  const decide = defineTool({
    name: 'decide_property',
    title: 'Decide on a property',
    description:
      'A verdict (match, partial, no_match), a 0-100 score, a breakdown and a price benchmark for a property and ' +
      'a location (Arabic or English names, or ids from search_locations), with price_guidance: the fair range ' +
      'and the highest asking prices at which it would be a match (price_to_match_sar) or a partial match. Costs ' +
      '1 decision from the workspace balance, 3 with reasoning (then in English and Arabic); refused with ' +
      'insufficient_decisions when the balance is short, before anything runs.',
    audience: { kind: 'broker', permission: 'decisions:read' },
    annotations: { ...WRITE, openWorldHint: false },
    input: DecisionRequestBody,
    help: { reasoning: 'true: add AI reasoning in English and Arabic (3 decisions); false: scoring only (1)' },
    output: outputSchemaOf('The decision', {
      verdict: 'string',
      score: 'number',
      breakdown: 'object',
      price_guidance: 'object',
      credits_used: 'number',
      credits_remaining: 'number',
    }),
    call: () => Promise.reject(new Error('replaced below')),
  });
  return [
    {
      ...decide,
      // The arguments go through as received, like the REST route's body: the decision service checks
      // the balance first (402 before 422), then validates with the same DecisionRequestBody.
      run: async (principal, raw) => ({ ...(await services.decisions.create(principal, raw ?? {})) }),
    },
    defineTool({
      name: 'search_locations',
      title: 'Search locations',
      description:
        'Cities and districts by name, Arabic or English, fuzzy (الرياض, Riyadh, Jiddah): ids for decide_property. ' +
        'With city and districts "true": the city with every district.',
      audience: { kind: 'broker', permission: 'workspace:read' },
      annotations: READ,
      input: LocationsQuery,
      output: outputSchemaOf('Matching cities and districts, or one city with its districts', { object: 'string' }),
      call: (_principal, body) => services.locations.search(body),
    }),
    ...marketTools(services),
  ];
}

const MARKET_OUTPUT = outputSchemaOf('The place, its sales per quarter and type, trends, listings and provenance', {
  object: 'string',
  name_ar: 'string',
  name_en: 'string',
  quarters: 'array',
  property_types: 'array',
  provenance: 'object',
});

const MARKET_HOW =
  'recorded sales per quarter and property type for the last 12 quarters (median price per sqm, SAR; null with ' +
  'reason too_few_sales from fewer than 5 sales), per type the last four quarters against the four before ' +
  '(yoy_pct), published listings with their median asking price per sqm and the asking vs sold gap, and where ' +
  'the figures come from. Names in Arabic and English. Free: no decision is charged.';

/** District and city trends, beside the decision tools and for the same roles (issue 30). */
function marketTools(services: ToolServices): McpTool[] {
  return [
    defineTool({
      name: 'market_district_trends',
      title: 'District market trends',
      description: `For a district id from search_locations: ${MARKET_HOW}`,
      audience: { kind: 'broker', permission: 'decisions:read' },
      annotations: READ,
      input: DistrictMarketParams,
      help: { district_id: 'District id from search_locations' },
      output: MARKET_OUTPUT,
      call: (_principal, params) => services.market.district(params),
    }),
    defineTool({
      name: 'market_city_trends',
      title: 'City market trends',
      description: `For a city id from search_locations: ${MARKET_HOW}`,
      audience: { kind: 'broker', permission: 'decisions:read' },
      annotations: READ,
      input: CityMarketParams,
      help: { city_id: 'City id from search_locations' },
      output: MARKET_OUTPUT,
      call: (_principal, params) => services.market.city(params),
    }),
  ];
}
