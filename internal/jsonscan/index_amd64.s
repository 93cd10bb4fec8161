//go:build amd64 && !purego

#include "textflag.h"

// SPECIAL sets bit i of dst when byte i of the 16 bytes in X0 is a quote,
// a backslash, below 0x20 or at 0x80 and up: X1, X2 and X3 hold 16
// quotes, backslashes and 0x20s; PCMPGTB is signed, so 0x20 > c holds
// for c below 0x20 and for c at 0x80 and up (negative). X4-X6 are
// scratch.
#define SPECIAL(dst) \
	MOVOU	X0, X4; \
	PCMPEQB	X1, X4; \
	MOVOU	X0, X5; \
	PCMPEQB	X2, X5; \
	MOVOU	X3, X6; \
	PCMPGTB	X0, X6; \
	POR	X5, X4; \
	POR	X6, X4; \
	PMOVMSKB	X4, dst

// func index(p *byte, n int) int
TEXT ·index(SB), NOSPLIT, $0-24
	MOVQ	p+0(FP), SI
	MOVQ	n+8(FP), BX
	MOVQ	SI, DI // the start, for the result
	TESTQ	BX, BX
	JZ	none

	MOVQ	$0x2222222222222222, AX
	MOVQ	AX, X1
	PUNPCKLQDQ	X1, X1
	MOVQ	$0x5c5c5c5c5c5c5c5c, AX
	MOVQ	AX, X2
	PUNPCKLQDQ	X2, X2
	MOVQ	$0x2020202020202020, AX
	MOVQ	AX, X3
	PUNPCKLQDQ	X3, X3

	CMPQ	BX, $16
	JB	small

	// R8: the last 16 bytes. The loop tests 16 bytes from SI while they
	// are all in the input.
	LEAQ	-16(SI)(BX*1), R8

loop:
	CMPQ	SI, R8
	JHI	last
	MOVOU	(SI), X0
	SPECIAL(AX)
	TESTL	AX, AX
	JNZ	found
	ADDQ	$16, SI
	JMP	loop

last:
	// Fewer than 16 bytes from SI to the end: test the last 16 bytes,
	// less the SI-R8 of them already tested.
	LEAQ	16(R8), CX
	CMPQ	SI, CX
	JEQ	none
	MOVOU	(R8), X0
	SPECIAL(AX)
	MOVQ	SI, CX
	SUBQ	R8, CX
	SHRL	CX, AX
	TESTL	AX, AX
	JZ	none

found:
	BSFL	AX, AX
	ADDQ	SI, AX
	SUBQ	DI, AX
	MOVQ	AX, ret+16(FP)
	RET

none:
	MOVQ	BX, ret+16(FP)
	RET

small:
	// 0 < n < 16. Read the 16 bytes from SI when they are in SI's page;
	// otherwise the 16 bytes that end at the input's end, which are in
	// its last byte's page.
	MOVQ	SI, AX
	ANDQ	$0xfff, AX
	CMPQ	AX, $0xff0
	JHI	smallend
	MOVOU	(SI), X0
	SPECIAL(AX)
	MOVL	$1, DX
	MOVQ	BX, CX
	SHLL	CX, DX
	DECL	DX
	ANDL	DX, AX // the n bytes of the input only
	TESTL	AX, AX
	JZ	none
	BSFL	AX, AX
	MOVQ	AX, ret+16(FP)
	RET

smallend:
	MOVOU	-16(SI)(BX*1), X0
	SPECIAL(AX)
	MOVL	$16, CX
	SUBL	BX, CX
	SHRL	CX, AX // the 16-n bytes before the input out
	TESTL	AX, AX
	JZ	none
	BSFL	AX, AX
	MOVQ	AX, ret+16(FP)
	RET

// func copyPlain(dst, src *byte, n int) int
TEXT ·copyPlain(SB), NOSPLIT, $0-32
	MOVQ	dst+0(FP), DI
	MOVQ	src+8(FP), SI
	MOVQ	n+16(FP), BX
	MOVQ	SI, R9 // the start, for the result

	MOVQ	$0x2222222222222222, AX
	MOVQ	AX, X1
	PUNPCKLQDQ	X1, X1
	MOVQ	$0x5c5c5c5c5c5c5c5c, AX
	MOVQ	AX, X2
	PUNPCKLQDQ	X2, X2
	MOVQ	$0x2020202020202020, AX
	MOVQ	AX, X3
	PUNPCKLQDQ	X3, X3

	// n >= 16 (see CopyPlain). R8: the last 16 bytes of src.
	LEAQ	-16(SI)(BX*1), R8

cloop:
	CMPQ	SI, R8
	JHI	clast
	MOVOU	(SI), X0
	MOVOU	X0, (DI)
	SPECIAL(AX)
	TESTL	AX, AX
	JNZ	cfound
	ADDQ	$16, SI
	ADDQ	$16, DI
	JMP	cloop

clast:
	// Copy the last 16 bytes (some again) and test those not tested.
	LEAQ	16(R8), CX
	CMPQ	SI, CX
	JEQ	cnone
	MOVQ	SI, CX
	SUBQ	R8, CX
	SUBQ	CX, DI
	MOVOU	(R8), X0
	MOVOU	X0, (DI)
	SPECIAL(AX)
	SHRL	CX, AX
	TESTL	AX, AX
	JZ	cnone

cfound:
	BSFL	AX, AX
	ADDQ	SI, AX
	SUBQ	R9, AX
	MOVQ	AX, ret+24(FP)
	RET

cnone:
	MOVQ	BX, ret+24(FP)
	RET
