// Package clientcase owns the harness side of the recorded model-client
// cases, testdata/conformance/clients (the OpenAI and Azure OpenAI
// clients) and testdata/conformance/providers (Anthropic, Bedrock,
// Ollama): calls of AutoGen's clients recorded against a loopback fake of
// each API (see the README.md in each folder). Tests import it; nothing
// else may (layers_test.go's testOnly).
//
// It holds what every provider's runner shares:
//
//   - Case, Request, Response and Error, the case files as decoded by Load
//     (LoadClients and LoadProviders also check meta.json's counts);
//   - Case.Inputs, the create arguments as the library takes them
//     (messages, tools, tool_choice, json_output, extra_create_args), and
//     CreateArgs, the same as 'agentschema create' flags and files;
//   - Server, the httptest server that answers with the case's
//     response(s) and records every request, and CheckRequests /
//     RequestDiff, which compare those with the recorded ones;
//   - SameJSON, the comparison of JSON values every runner uses (key order
//     ignored, numbers by value, images by decoded pixels);
//   - Run and RunAll, which load the client from the case's config, call
//     CreateWith or CreateStreamWith and check the requests, chunks,
//     result, error and usage against the recording;
//   - CancelMidStream and WaitClosed, the check every streaming client's
//     behaviour tests make of a consumer that cancels mid-stream.
//
// What is a provider's own (the headers it records, how a tool schema is
// read, which error fields it checks beyond the class and message) is
// given to Run in a Provider by each package's test.
package clientcase
