// Package httptool makes an HTTP endpoint a tool: calling it sends a
// request built from its arguments and returns the answer's body. It is
// AutoGen's HttpTool (autogen_ext.tools.http), loadable from its component
// config (provider
// "autogen_ext.tools.http.HttpTool", registered in pkg/component's
// Default registry by this package's init).
//
// It owns:
//
//   - HTTPTool, a tools.Tool and component.Component, built by New (the
//     Python constructor, with its keyword defaults as Options), by
//     NewFromConfig, or by component.Load of a dumped HttpTool;
//   - Config (HttpToolConfig), ParseConfig (pydantic's validation of it,
//     faults as *agentschema.Fault with JSON pointers) and its dump;
//   - the argument model: what json_schema_to_pydantic's create_model
//     builds from the config's json_schema, its JSON schema as pydantic
//     writes it (Schema), its lax validation and its model_dump (RunJSON);
//   - the request HttpTool.run sends (path parameters formatted into the
//     path with str.format, the URL as httpx.URL checks it, the query of a
//     GET or DELETE as httpx encodes it, the JSON body of a POST, PUT or
//     PATCH as httpx 0.28 writes it) and the answer's reading (Response.text
//     or Response.json());
//   - Error, the exceptions a call raises after validation, with the text
//     AutoGen puts in the tool result.
//
// # The argument model
//
// AutoGen builds the arguments' pydantic model with
// json_schema_to_pydantic.create_model(json_schema) (version 0.4.11 read
// for this package). Its schema, as the model sees it, is
// model_json_schema()'s properties and required names, with AutoGen's
// additionalProperties false and strict false. Each property has pydantic's
// title (the name's str.title() with "_" as " ": "user_id" is "User Id";
// the schema's own "title" is not used), its description, and its keys
// sorted as pydantic sorts them:
//
//	{"type": "string", "description": "The city name"}   required
//	  -> {"description": "The city name", "title": "City", "type": "string"}
//	{"type": "integer"}                                   not required
//	  -> {"default": null, "title": "N", "type": "integer"}
//	{"type": "string", "enum": ["a", "b"]}
//	  -> {"enum": ["a", "b"], "title": ..., "type": "string"}
//	{"type": ["string", "null"]}
//	  -> {"anyOf": [{"type": "string"}, {"type": "null"}], "title": ...}
//	{"type": "array", "items": {"type": "number"}}
//	  -> {"items": {"type": "number"}, "title": ..., "type": "array"}
//	{"type": "object", "properties": {...}}
//	  -> the nested model's schema: {"properties": ..., "required": ...,
//	     "title": "DynamicModel", "type": "object"}, the object's
//	     description as the model's docstring; AutoGen's $ref inlining
//	     drops the field's title, default and extra keys
//	{"type": "object"}
//	  -> {"additionalProperties": true, "title": ..., "type": "object"}
//
// A property not in "required" (or with a "default") is optional with
// that default, None when there is none; its type is not made Optional,
// so an explicit null is refused as pydantic refuses it. Other keys are
// kept as the library keeps them: constraints (minLength, maxLength,
// pattern, minimum, maximum, exclusiveMinimum, exclusiveMaximum,
// multipleOf, minItems, maxItems) become pydantic's Field constraints,
// written back in the schema and enforced; keys the library does not
// know (such as "x-unit") are the field's json_schema_extra, written in
// the schema as they are; "title", "examples", "format" (but for
// "date-time" and "email") and the other standard keywords are dropped.
// model.go lists the rules and what is refused (unions, allOf/anyOf/oneOf,
// recursive $refs, formats date, time, uri and uuid, ...) with a
// *SchemaError.
//
// The arguments are validated as pydantic's lax model_validate validates
// the dict json.loads built: "4" and 4.0 are the int 4, 1 is the float
// 1.0, "yes" is True, a number is never a str, unknown keys are ignored.
// A fault is a *tools.ValidationError with pydantic's text:
//
//	1 validation error for DynamicModel
//	user_id
//	  Field required [type=missing, input_value={'email': 'a@b.c'}, input_type=dict]
//	    For further information visit https://errors.pydantic.dev/2.13/v/missing
//
// # The request
//
// model_dump() holds every field, an absent optional one as its default.
// The path parameters ({name} in the path) are taken out of it and
// formatted into the path as str() writes them; a parameter that is not a
// property is a KeyError. A GET or DELETE sends the rest as the query
// string, as httpx's QueryParams encodes it (a list as repeated keys,
// True and False as true and false, None as an empty value, other values
// as str(), quote_plus); a POST, PUT or PATCH sends it as a JSON body
// (json.dumps with ensure_ascii=False and separators "," and ":", as httpx
// 0.28.1 does; NaN and datetimes are json.dumps's errors), with
// Content-Type application/json. The config's headers are sent with their
// names as written, over httpx's Accept "*/*" and Accept-Encoding "gzip,
// deflate" (the User-Agent is Go's). Redirects are not followed, HTTP/1.1
// is used, proxies come from the environment, and the timeout limits each
// connect, read and write, as httpx.Timeout(t) does. Each call uses its
// own connection, as HttpTool opens an AsyncClient per call.
//
// The result is the body whatever the status (a 500's body is the result,
// not an error): a string for return_type "text" (decoded by the
// Content-Type's charset, else UTF-8, bad bytes replaced), or for "json"
// the body's JSON as a json.RawMessage, which ReturnValueAsString writes
// as Python's str() of the value ({'a': 1, 'ok': False, 'x': None}).
//
// # Differences from AutoGen
//
//   - A Python set (uniqueItems) is written by str() in the order its
//     items were given, not in hash order.
//   - Response charsets other than UTF-8, ASCII, Latin-1, UTF-16 and
//     UTF-32 are read as UTF-8.
//   - Errors whose text comes from h11, zlib, OpenSSL or the resolver in
//     Python carry Go's text (their Type is httpx's class); httpx's empty
//     timeout texts are replaced by the class name.
//   - A non-ASCII host is written as IDNA by Go's client (httpx uses IDNA
//     2008, which refuses some names Go's lenient profile accepts).
//   - An empty host fails with Error type "UnsupportedProtocol" and a text
//     of this package's.
//   - Arguments that are not JSON (which AutoGen's agents refuse before
//     the tool runs) are a json_invalid *tools.ValidationError whose
//     message is pyjson's ("Invalid JSON: expecting value").
package httptool
