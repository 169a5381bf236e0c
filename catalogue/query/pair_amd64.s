//go:build !purego

#include "textflag.h"

// func indexPairSSE2(s string, c0, c1 byte) int
//
// The first i with s[i] == c0 and s[i+1] == c1, or -1; len(s) >= 17.
// Each step compares the 16 bytes at i with c0 and the 16 at i+1 with
// c1 (SSE2, which every amd64 has), and the places where both hold are
// a mask's bits. The last step is the 17 bytes that end s, which may
// overlap the step before: a match there before where that step ended
// would have been found by it.
TEXT ·indexPairSSE2(SB), NOSPLIT, $0-32
	MOVQ    s_base+0(FP), DI
	MOVQ    s_len+8(FP), CX
	MOVBQZX c0+16(FP), AX
	MOVBQZX c1+17(FP), BX
	MOVQ    DI, R10

	// c0 in every byte of X0, c1 in every byte of X1.
	MOVQ       AX, X0
	PUNPCKLBW  X0, X0
	PSHUFLW    $0, X0, X0
	PUNPCKLQDQ X0, X0
	MOVQ       BX, X1
	PUNPCKLBW  X1, X1
	PSHUFLW    $0, X1, X1
	PUNPCKLQDQ X1, X1

	LEAQ -17(DI)(CX*1), R11 // where the last step starts

loop:
	CMPQ     DI, R11
	JAE      last
	MOVOU    (DI), X2
	MOVOU    1(DI), X3
	PCMPEQB  X0, X2
	PCMPEQB  X1, X3
	PAND     X3, X2
	PMOVMSKB X2, AX
	TESTL    AX, AX
	JNZ      found
	ADDQ     $16, DI
	JMP      loop

last:
	MOVQ     R11, DI
	MOVOU    (DI), X2
	MOVOU    1(DI), X3
	PCMPEQB  X0, X2
	PCMPEQB  X1, X3
	PAND     X3, X2
	PMOVMSKB X2, AX
	TESTL    AX, AX
	JNZ      found
	MOVQ     $-1, ret+24(FP)
	RET

found:
	BSFL AX, AX
	ADDQ AX, DI
	SUBQ R10, DI
	MOVQ DI, ret+24(FP)
	RET
