// Package ui is AutoGen's autogen_agentchat.ui: Console, which prints a
// run's stream for people exactly as AutoGen 0.7.5's
// Console(team.run_stream(...)) prints it.
//
// It owns the Console printer: a header line per message
// ("---------- TextMessage (assistant) ----------") and its to_text(),
// streaming chunks printed as they arrive under the first chunk's header and
// closed by a newline when the full message follows (it is not printed
// again), UserInputRequestedEvents not printed, and with OutputStats each
// message's token usage and a summary after the TaskResult. It prints what
// package messages renders; it runs nothing.
package ui
