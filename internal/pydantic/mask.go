package pydantic

import (
	"strings"

	"github.com/agentschema/agentschema/internal/pyjson"
)

// SecretMask is what pydantic writes for a SecretStr that holds a value,
// and what MaskCredentials leaves of a credential.
const SecretMask = "**********"

// MaskCredentials writes as SecretMask the credentials of a model client's
// config dict doc, so that an error quoting the config (pydantic's
// input_value) never shows them:
//   - the members AutoGen types as SecretStr, whatever their value:
//     api_key, azure_ad_token, and bedrock_info's aws_access_key,
//     aws_secret_key and aws_session_token;
//   - any other member with a string value whose name reads as a
//     credential (see credentialName): a misspelt "apikey" or "api-key"
//     holds the same key;
//   - in default_headers and headers (the HTTP headers the clients send),
//     the string value of every header whose name carries credentials
//     (see credentialHeader): Authorization, api-key, x-api-key, Cookie.
//
// AutoGen's own errors quote those values; a ValidationError here
// differs from AutoGen's only in them.
func MaskCredentials(doc *pyjson.Value) {
	if doc.Kind != pyjson.Dict {
		return
	}
	for i := range doc.Keys {
		name, v := pyjson.KeyText(&doc.Keys[i]), &doc.Vals[i]
		switch name {
		case "api_key", "azure_ad_token", "aws_access_key", "aws_secret_key", "aws_session_token":
			*v = pyjson.StrValue(SecretMask)
		case "bedrock_info":
			MaskCredentials(v)
		case "default_headers", "headers":
			maskHeaders(v)
		default:
			if v.Kind == pyjson.Str && credentialName(name) {
				*v = pyjson.StrValue(SecretMask)
			}
		}
	}
}

// maskHeaders masks the string values of the credential headers of a
// headers dict.
func maskHeaders(h *pyjson.Value) {
	if h.Kind != pyjson.Dict {
		return
	}
	for i := range h.Keys {
		if h.Vals[i].Kind == pyjson.Str && credentialHeader(pyjson.KeyText(&h.Keys[i])) {
			h.Vals[i] = pyjson.StrValue(SecretMask)
		}
	}
}

// credentialName reports whether a config member's name, lower-cased and
// without "_" and "-", names a credential: it holds "apikey", "secret",
// "password" or "passwd", or ends with "token" or "accesskey"
// (max_tokens, ending with "tokens", does not).
func credentialName(name string) bool {
	n := strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(name))
	for _, s := range []string{"apikey", "secret", "password", "passwd"} {
		if strings.Contains(n, s) {
			return true
		}
	}
	return strings.HasSuffix(n, "token") || strings.HasSuffix(n, "accesskey")
}

// credentialHeader reports whether an HTTP header's name, lower-cased,
// carries credentials: it holds "auth", "key", "token", "secret",
// "cookie" or "password".
func credentialHeader(name string) bool {
	n := strings.ToLower(name)
	for _, s := range []string{"auth", "key", "token", "secret", "cookie", "password"} {
		if strings.Contains(n, s) {
			return true
		}
	}
	return false
}
