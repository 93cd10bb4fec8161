package main

import (
	"fmt"
	"io"
	"runtime/debug"
)

func init() {
	commands["version"] = command{
		usage: "  version                               print the module version and VCS revision\n",
		help:  versionHelp,
		run:   runVersion,
	}
}

const versionHelp = `usage: agentschema version

Prints the version of the module the command was built from, the VCS
revision and time it was built at (with "+dirty" for uncommitted changes)
and the Go version, as debug.ReadBuildInfo reports them. A command built
from a clone ('go build', 'go install ./cmd/agentschema') has the module
version "(devel)" or a pseudo-version; one installed from a tag
('go install github.com/agentschema/agentschema/cmd/agentschema@v0.1.0')
has the tag.

Example:
  agentschema version

`

// readBuildInfo is debug.ReadBuildInfo; tests replace it.
var readBuildInfo = debug.ReadBuildInfo

func runVersion(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		if args[0] == "-h" || args[0] == "-help" || args[0] == "--help" {
			fmt.Fprint(stderr, versionHelp)
			return exitOK
		}
		fmt.Fprint(stderr, "usage: agentschema version\n")
		return exitUsage
	}
	fmt.Fprintln(stdout, versionLine())
	return exitOK
}

// versionLine is "agentschema VERSION (REVISION[+dirty], TIME) GOVERSION",
// leaving out what the build info does not hold.
func versionLine() string {
	info, ok := readBuildInfo()
	if !ok {
		return "agentschema (unknown version: built without module support)"
	}
	version := info.Main.Version
	if version == "" {
		version = "(devel)"
	}
	var rev, at, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	line := "agentschema " + version
	switch {
	case rev != "" && at != "":
		line += " (" + rev + dirty + ", " + at + ")"
	case rev != "":
		line += " (" + rev + dirty + ")"
	}
	if info.GoVersion != "" {
		line += " " + info.GoVersion
	}
	return line
}
