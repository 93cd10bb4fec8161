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

// CONSTANTS loads SPECIAL's constants: 16 quotes into X1, 16
// backslashes into X2, 16 bytes of 0x20 into X3.
#define CONSTANTS \
	MOVQ	$0x2222222222222222, AX; \
	MOVQ	AX, X1; \
	PUNPCKLQDQ	X1, X1; \
	MOVQ	$0x5c5c5c5c5c5c5c5c, AX; \
	MOVQ	AX, X2; \
	PUNPCKLQDQ	X2, X2; \
	MOVQ	$0x2020202020202020, AX; \
	MOVQ	AX, X3; \
	PUNPCKLQDQ	X3, X3

// func index(p *byte, n int) int
TEXT ·index(SB), NOSPLIT, $0-24
	MOVQ	p+0(FP), SI
	MOVQ	n+8(FP), BX
	MOVQ	SI, DI // the start, for the result
	TESTQ	BX, BX
	JZ	none

	CONSTANTS

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

	CONSTANTS

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

// func quote(dst, src *byte, ndst, nsrc int) (written, read int)
TEXT ·quote(SB), NOSPLIT, $0-48
	MOVQ	dst+0(FP), DI
	MOVQ	src+8(FP), SI
	MOVQ	ndst+16(FP), R10
	MOVQ	nsrc+24(FP), BX
	MOVQ	DI, R11 // the starts, for the results
	MOVQ	SI, R9
	ADDQ	DI, R10 // dst's end
	ADDQ	SI, BX  // src's end

	CONSTANTS

qloop:
	// 16 bytes at a time while src has them and dst has room for them.
	MOVQ	BX, CX
	SUBQ	SI, CX
	CMPQ	CX, $16
	JLT	qtail
	LEAQ	16(DI), CX
	CMPQ	CX, R10
	JHI	qdone
	MOVOU	(SI), X0
	MOVOU	X0, (DI)
	SPECIAL(AX)
	TESTL	AX, AX
	JNZ	qhit
	ADDQ	$16, SI
	ADDQ	$16, DI
	JMP	qloop

qhit:
	// The bytes before the special one are written: step to it.
	BSFL	AX, AX
	ADDQ	AX, SI
	ADDQ	AX, DI
	MOVBLZX	(SI), AX
	CMPB	AL, $0x80
	JAE	qdone // not ASCII: the caller's
	JMP	qescape

qtail:
	// Fewer than 16 bytes of src left. When dst has room for 16 and the
	// 16 bytes from SI are in SI's page, all of them are read and written
	// at once, those past src's end counted as special; else a byte at a
	// time.
	MOVQ	BX, CX
	SUBQ	SI, CX
	JEQ	qdone
	LEAQ	16(DI), DX
	CMPQ	DX, R10
	JHI	qbytes
	MOVQ	SI, DX
	ANDQ	$0xfff, DX
	CMPQ	DX, $0xff0
	JHI	qbytes
	MOVOU	(SI), X0
	MOVOU	X0, (DI)
	SPECIAL(AX)
	MOVL	$-1, DX
	SHLL	CX, DX
	ORL	DX, AX
	BSFL	AX, AX
	ADDQ	AX, SI
	ADDQ	AX, DI
	CMPQ	SI, BX
	JEQ	qdone
	MOVBLZX	(SI), AX
	CMPB	AL, $0x80
	JAE	qdone
	JMP	qescape

qbytes:
	CMPQ	SI, BX
	JEQ	qdone
	CMPQ	DI, R10
	JEQ	qdone
	MOVBLZX	(SI), AX
	CMPB	AL, $0x80
	JAE	qdone
	CMPB	AL, $0x20
	JB	qescape
	CMPB	AL, $0x22
	JEQ	qescape
	CMPB	AL, $0x5c
	JEQ	qescape
	MOVB	AL, (DI)
	INCQ	SI
	INCQ	DI
	JMP	qbytes

qescape:
	// AL is a quote, a backslash or a control character: its escape
	// takes at most 6 bytes.
	LEAQ	6(DI), CX
	CMPQ	CX, R10
	JHI	qdone
	MOVB	$0x5c, (DI)
	CMPB	AL, $0x22
	JEQ	qsame
	CMPB	AL, $0x5c
	JEQ	qsame
	CMPB	AL, $0x0a
	JEQ	qn
	CMPB	AL, $0x0d
	JEQ	qr
	CMPB	AL, $0x09
	JEQ	qt
	CMPB	AL, $0x08
	JEQ	qb
	CMPB	AL, $0x0c
	JEQ	qf
	// \u00XX, the hex digits lower case.
	MOVB	$0x75, 1(DI)
	MOVB	$0x30, 2(DI)
	MOVB	$0x30, 3(DI)
	MOVL	AX, CX
	SHRL	$4, CX
	ADDL	$0x30, CX
	MOVB	CX, 4(DI)
	MOVL	AX, CX
	ANDL	$15, CX
	ADDL	$0x30, CX
	CMPL	CX, $0x3a
	JLT	qlow
	ADDL	$0x27, CX

qlow:
	MOVB	CX, 5(DI)
	ADDQ	$6, DI
	INCQ	SI
	JMP	qloop

qsame:
	MOVB	AL, 1(DI)
	JMP	qtwo

qn:
	MOVB	$0x6e, 1(DI)
	JMP	qtwo

qr:
	MOVB	$0x72, 1(DI)
	JMP	qtwo

qt:
	MOVB	$0x74, 1(DI)
	JMP	qtwo

qb:
	MOVB	$0x62, 1(DI)
	JMP	qtwo

qf:
	MOVB	$0x66, 1(DI)

qtwo:
	ADDQ	$2, DI
	INCQ	SI
	JMP	qloop

qdone:
	SUBQ	R11, DI
	MOVQ	DI, written+32(FP)
	SUBQ	R9, SI
	MOVQ	SI, read+40(FP)
	RET
