package pydantic_test

import (
	"testing"

	"github.com/agentschema/agentschema/internal/pydantic"
	"github.com/agentschema/agentschema/internal/pyjson"
)

// TestMaskCredentials: each config below, masked, against its repr
// written by hand. The secrets are "s1", "s2", ...; what is not a
// credential (max_tokens, keep_alive, a header like Content-Type, a
// credential-named member whose value is not a string) stays.
func TestMaskCredentials(t *testing.T) {
	tests := []struct{ name, config, want string }{
		{"SecretStr members, any value", `{"model":"m","api_key":"s1","azure_ad_token":5}`,
			`{'model': 'm', 'api_key': '**********', 'azure_ad_token': '**********'}`},
		{"bedrock_info", `{"bedrock_info":{"aws_access_key":"s1","aws_secret_key":"s2","aws_session_token":"s3","aws_region":"us-east-1"}}`,
			`{'bedrock_info': {'aws_access_key': '**********', 'aws_secret_key': '**********', 'aws_session_token': '**********', 'aws_region': 'us-east-1'}}`},
		{"misspelt and other credential names", `{"apikey":"s1","API-Key":"s2","openai_api_key":"s3","client_secret":"s4","password":"s5","access_token":"s6","token":"s7","aws_access_key_id":"x","secret_access_key":"s8"}`,
			`{'apikey': '**********', 'API-Key': '**********', 'openai_api_key': '**********', 'client_secret': '**********', 'password': '**********', 'access_token': '**********', 'token': '**********', 'aws_access_key_id': 'x', 'secret_access_key': '**********'}`},
		{"not credentials", `{"max_tokens":"10","keep_alive":"5m","model":"gpt-4o","api_key_env":1,"token_limit":"3"}`,
			`{'max_tokens': '10', 'keep_alive': '5m', 'model': 'gpt-4o', 'api_key_env': 1, 'token_limit': '3'}`},
		{"headers", `{"default_headers":{"Authorization":"Bearer s1","api-key":"s2","X-Api-Key":"s3","Cookie":"s4","Proxy-Authorization":"s5","X-Goog-Api-Key":"s6","Content-Type":"application/json","X-Auth":7},"headers":{"authorization":"Basic s7","User-Agent":"me"}}`,
			`{'default_headers': {'Authorization': '**********', 'api-key': '**********', 'X-Api-Key': '**********', 'Cookie': '**********', 'Proxy-Authorization': '**********', 'X-Goog-Api-Key': '**********', 'Content-Type': 'application/json', 'X-Auth': 7}, 'headers': {'authorization': '**********', 'User-Agent': 'me'}}`},
		{"headers not a dict", `{"default_headers":["Authorization","s1"]}`, `{'default_headers': ['Authorization', 's1']}`},
		{"not a dict", `["api_key","s1"]`, `['api_key', 's1']`},
		{"duplicates: every copy", `{"api_key":"s1","api_key":"s2"}`, `{'api_key': '**********'}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := pyjson.Parse([]byte(tt.config))
			if err != nil {
				t.Fatal(err)
			}
			pydantic.MaskCredentials(&v)
			if got := pyjson.Repr(&v); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}
