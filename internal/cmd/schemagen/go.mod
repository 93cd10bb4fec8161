module github.com/agentschema/agentschema/internal/cmd/schemagen

go 1.26.0

require github.com/atombender/go-jsonschema v0.24.1

require (
	dario.cat/mergo v1.0.2 // indirect
	github.com/goccy/go-yaml v1.19.2 // indirect
	github.com/google/go-cmp v0.7.0 // indirect
	github.com/mitchellh/go-wordwrap v1.0.1 // indirect
	github.com/sanity-io/litter v1.5.8 // indirect
	github.com/sosodev/duration v1.4.0 // indirect
)
