package protos

// agent_worker.proto and cloudevent.proto are AutoGen's (protos/ at the root
// of microsoft/autogen, commit 027ecf0a379bcc1d09956d46d12d44a3ad9cee14,
// 0.7.5), unchanged. TestGeneratedCodeIsCurrent fails when the .go files
// differ from what this command writes.
//go:generate go run ../../../internal/cmd/protogen -src . -out .
