// Package conformance loads the cases recorded from AutoGen's Python
// packages (testdata/conformance, copied from shared/conformance) and
// holds the tests that hold this module to them.
package conformance
