// Package tokens counts tokens exactly as AutoGen's OpenAI chat client
// (autogen-ext 0.7.5, with Python tiktoken 0.14) does, offline.
//
// It owns:
//
//   - the tiktoken encodings (cl100k_base, o200k_base, o200k_harmony,
//     p50k_base, p50k_edit, r50k_base, gpt2) with their ranks embedded:
//     GetEncoding, Encoding.Encode (which, like tiktoken, refuses text
//     containing a special token), EncodeOrdinary, Count, Decode;
//   - the model tables: EncodingForModel (tiktoken's model table, with
//     AutoGen's cl100k_base fallback), ResolveModel, TokenLimit and
//     ModelInfoFamily (AutoGen's _MODEL_POINTERS, _MODEL_TOKEN_LIMITS and
//     _MODEL_INFO families);
//   - count_tokens_openai: CountMessages and RemainingTokens over
//     gen.LLMMessage values, with AutoGen's per-family message transforms
//     (BASE, CLAUDE, GEMINI, MISTRAL), name validation, image tiles
//     (VisionTokens) and tool-schema counting (CountTools, CountToolsJSON);
//   - a reader of JSON with Python's json.loads semantics and a writer with
//     json.dumps' (PyJSONDumps, PyJSONDumpsString), which tool-schema
//     defaults are counted through.
//
// Inputs AutoGen refuses are refused here with an *Error naming the Python
// exception (ValueError, TypeError, KeyError, AssertionError,
// ZeroDivisionError). The algorithm, with its sources, is
// testdata/conformance/TOKENS.md; testdata/conformance/tokens/cases.json is
// the conformance suite.
//
// Encodings load their ranks on first use (tens of milliseconds for
// o200k_base) and are then shared; everything here is safe for concurrent
// use. Encoding runs at several million tokens per second.
package tokens
