package mcp

// ServerPathForTests is the path of the test server program TestMain builds,
// for the examples (package mcp_test).
func ServerPathForTests() string { return serverBin }
