package ollama

import "testing"

// TestParseHost runs the doctests of ollama-python 0.4.7's _parse_host
// (ollama/_client.py): the inputs and the URLs Python returns for them.
func TestParseHost(t *testing.T) {
	for _, tc := range []struct{ host, want string }{
		{"", "http://127.0.0.1:11434"},
		{"", "http://127.0.0.1:11434"},
		{"1.2.3.4", "http://1.2.3.4:11434"},
		{":56789", "http://127.0.0.1:56789"},
		{"1.2.3.4:56789", "http://1.2.3.4:56789"},
		{"http://1.2.3.4", "http://1.2.3.4:80"},
		{"https://1.2.3.4", "https://1.2.3.4:443"},
		{"https://1.2.3.4:56789", "https://1.2.3.4:56789"},
		{"example.com", "http://example.com:11434"},
		{"example.com:56789", "http://example.com:56789"},
		{"http://example.com", "http://example.com:80"},
		{"https://example.com", "https://example.com:443"},
		{"https://example.com:56789", "https://example.com:56789"},
		{"example.com/", "http://example.com:11434"},
		{"example.com:56789/", "http://example.com:56789"},
		{"example.com/path", "http://example.com:11434/path"},
		{"example.com:56789/path", "http://example.com:56789/path"},
		{"https://example.com:56789/path", "https://example.com:56789/path"},
		{"example.com:56789/path/", "http://example.com:56789/path"},
		{"[0001:002:003:0004::1]", "http://[0001:002:003:0004::1]:11434"},
		{"[0001:002:003:0004::1]:56789", "http://[0001:002:003:0004::1]:56789"},
		{"http://[0001:002:003:0004::1]", "http://[0001:002:003:0004::1]:80"},
		{"https://[0001:002:003:0004::1]", "https://[0001:002:003:0004::1]:443"},
		{"https://[0001:002:003:0004::1]:56789", "https://[0001:002:003:0004::1]:56789"},
		{"[0001:002:003:0004::1]/", "http://[0001:002:003:0004::1]:11434"},
		{"[0001:002:003:0004::1]:56789/", "http://[0001:002:003:0004::1]:56789"},
		{"[0001:002:003:0004::1]/path", "http://[0001:002:003:0004::1]:11434/path"},
		{"[0001:002:003:0004::1]:56789/path", "http://[0001:002:003:0004::1]:56789/path"},
		{"https://[0001:002:003:0004::1]:56789/path", "https://[0001:002:003:0004::1]:56789/path"},
		{"[0001:002:003:0004::1]:56789/path/", "http://[0001:002:003:0004::1]:56789/path"},
	} {
		u, err := parseHost(tc.host)
		if err != nil || u.String() != tc.want {
			t.Errorf("parseHost(%q) = %v, %v; want %s", tc.host, u, err, tc.want)
		}
	}
}
