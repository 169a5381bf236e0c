//go:build !purego

#include "textflag.h"

// func indexPrefixSSE2(s string, c0, c1, c2 byte, k int) int
//
// The first i with s[i] == c0, s[i+1] == c1 and s[i+k] == c2, or -1;
// k is 1 or 2, and len(s) >= 16+k. Each step compares the 16 bytes at i
// with c0, the 16 at i+1 with c1 and the 16 at i+k with c2 (SSE2, which
// every amd64 has), and the places where all hold are a mask's bits. The
// last step is the one that ends where s does, which may overlap the step
// before: a match there before where that step ended would have been
// found by it.
TEXT ·indexPrefixSSE2(SB), NOSPLIT, $0-40
	MOVQ    s_base+0(FP), DI
	MOVQ    s_len+8(FP), CX
	MOVBQZX c0+16(FP), AX
	MOVBQZX c1+17(FP), BX
	MOVBQZX c2+18(FP), DX
	MOVQ    k+24(FP), R9
	MOVQ    DI, R10

	// c0, c1 and c2 in every byte of X0, X1 and X4.
	MOVQ       AX, X0
	PUNPCKLBW  X0, X0
	PSHUFLW    $0, X0, X0
	PUNPCKLQDQ X0, X0
	MOVQ       BX, X1
	PUNPCKLBW  X1, X1
	PSHUFLW    $0, X1, X1
	PUNPCKLQDQ X1, X1
	MOVQ       DX, X4
	PUNPCKLBW  X4, X4
	PSHUFLW    $0, X4, X4
	PUNPCKLQDQ X4, X4

	// The last step starts at s+len-16-k.
	LEAQ -16(DI)(CX*1), R11
	SUBQ R9, R11

	XORL R12, R12 // set for the last step

loop:
	CMPQ DI, R11
	JB   step
	MOVQ R11, DI
	INCL R12

step:
	MOVOU    (DI), X2
	MOVOU    1(DI), X3
	MOVOU    (DI)(R9*1), X5
	PCMPEQB  X0, X2
	PCMPEQB  X1, X3
	PCMPEQB  X4, X5
	PAND     X3, X2
	PAND     X5, X2
	PMOVMSKB X2, AX
	TESTL    AX, AX
	JNZ      found
	TESTL    R12, R12
	JNZ      none
	ADDQ     $16, DI
	JMP      loop

none:
	MOVQ $-1, ret+32(FP)
	RET

found:
	BSFL AX, AX
	ADDQ AX, DI
	SUBQ R10, DI
	MOVQ DI, ret+32(FP)
	RET
