import { jsonSchemaOf } from "@/lib/http/node";
import { nearbyPlacesBody } from "./request";
import { PLACE_CATEGORIES } from "./types";

/**
 * The OpenAPI 3.1 document of POST /v1/nearby-places, served at /v1/openapi.json. The request schema is generated
 * from the zod schema that validates the body; the answers are described here.
 */
/** An error answer: the shared Error schema, with an example of its body. */
const errorResponse = (description: string, example: object) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" }, example } },
});

export const nearbyPlacesOpenApi = {
  openapi: "3.1.0",
  info: {
    title: "Nearby places",
    version: "1.0.0",
    description:
      "Seed §4.1: a partner posts a place name or place id and receives nearby places (countries, divisions, cities, towns, landmarks, regions, airports) with distance, hotel count and a search-results URL on the partner's brand domain. Places are listed nearest first; only places with at least one hotel are listed; the main place itself is not listed. Responses are compressed with br, gzip or deflate when Accept-Encoding asks for it.",
  },
  servers: [
    {
      url: "/",
    },
  ],
  security: [
    {
      partnerKey: [],
    },
  ],
  paths: {
    "/v1/nearby-places": {
      post: {
        operationId: "nearbyPlaces",
        summary: "Places near a place",
        parameters: [
          {
            name: "Accept-Encoding",
            in: "header",
            required: false,
            schema: {
              type: "string",
            },
            description: "gzip, deflate, br (q-values honoured)",
          },
        ],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                $ref: "#/components/schemas/NearbyPlacesRequest",
              },
            },
          },
        },
        responses: {
          "200": {
            description: "Nearby places, nearest first (at most hits)",
            headers: {
              "X-Anonymous-Id": {
                description: "the request's anonymousId, or the one generated for it",
                schema: {
                  type: "string",
                },
              },
            },
            content: {
              "application/json": {
                schema: {
                  $ref: "#/components/schemas/NearbyPlacesResponse",
                },
              },
            },
          },
          "400": errorResponse(
            "The body is not JSON, not an object, or a field breaks a rule (field names it; details lists every problem)",
            {
              error: {
                code: "INVALID_FIELD",
                message: "radius must not be negative",
                field: "radius",
                details: [
                  {
                    field: "radius",
                    code: "INVALID_FIELD",
                    message: "radius must not be negative",
                  },
                ],
              },
            },
          ),
          "401": errorResponse("X-Partner-Key missing or unknown", {
            error: {
              code: "UNAUTHORIZED",
              message: "Unknown partner key",
              field: "X-Partner-Key",
            },
          }),
          "404": errorResponse("No place has this id, or no place has this name (in this country)", {
            error: {
              code: "PLACE_NOT_FOUND",
              message: 'No place is named "Atlantis"',
              field: "placeName",
            },
          }),
          "413": errorResponse("The body is larger than 64 KiB", {
            error: {
              code: "PAYLOAD_TOO_LARGE",
              message: "The body must be at most 65536 bytes",
            },
          }),
          "415": errorResponse("Content-Type is not application/json, or the body is compressed", {
            error: {
              code: "UNSUPPORTED_MEDIA_TYPE",
              message: "Content-Type: application/json is required",
              field: "Content-Type",
            },
          }),
        },
      },
    },
  },
  components: {
    securitySchemes: {
      partnerKey: {
        type: "apiKey",
        in: "header",
        name: "X-Partner-Key",
        description: "The partner's profile key (seed §5)",
      },
    },
    schemas: {
      NearbyPlacesRequest: jsonSchemaOf(nearbyPlacesBody),
      NearbyPlace: {
        type: "object",
        additionalProperties: false,
        required: ["placeName", "placeId", "placeCountry", "placeCategory", "distanceKM", "hotelsCnt", "url"],
        properties: {
          placeName: {
            type: "string",
            description: "In the request's language where the source has it",
          },
          placeId: {
            type: "string",
            pattern: "^[a-z2-7]{13}$",
          },
          placeCountry: {
            type: "string",
            description: "Country name in the request's language",
          },
          placeCategory: {
            type: "string",
            enum: [...PLACE_CATEGORIES],
          },
          distanceKM: {
            type: "number",
            minimum: 0,
            description: "From the main place, kilometres, rounded to 0.01",
          },
          hotelsCnt: {
            type: "integer",
            minimum: 1,
          },
          url: {
            type: "string",
            format: "uri",
            description:
              "The brand's search-results page; query: placeId, curr, lang, rooms, checkIn, checkOut, source, label, anonymousId, sig (the signature of source, label and anonymousId: only a signed link counts as an arrival), forceCurrencyChange, forceLanguageChange",
          },
        },
      },
      NearbyPlacesResponse: {
        type: "object",
        additionalProperties: false,
        required: ["places"],
        properties: {
          places: {
            type: "array",
            maxItems: 1000,
            items: {
              $ref: "#/components/schemas/NearbyPlace",
            },
          },
        },
      },
      Error: {
        type: "object",
        additionalProperties: false,
        required: ["error"],
        properties: {
          error: {
            type: "object",
            additionalProperties: false,
            required: ["code", "message"],
            properties: {
              code: {
                type: "string",
                pattern: "^[A-Z_]+$",
              },
              message: {
                type: "string",
                minLength: 1,
              },
              field: {
                type: "string",
              },
              details: {
                type: "array",
                items: {
                  type: "object",
                  required: ["field", "code", "message"],
                  properties: {
                    field: {
                      type: "string",
                    },
                    code: {
                      type: "string",
                    },
                    message: {
                      type: "string",
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};
