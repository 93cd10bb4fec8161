package httplog_test

import (
	"fmt"
	"net/url"

	"github.com/agentschema/agentschema/internal/httplog"
)

// The URL a request is logged with keeps no user, query or fragment.
func ExampleURL() {
	u, _ := url.Parse("https://user:pw@example.com/openai/deployments/d/chat/completions?api-version=2024-06-01")
	fmt.Println(httplog.URL(u))
	// Output: https://example.com/openai/deployments/d/chat/completions
}
