/*
 * stacks-module.c - stk_module_alloc(size): mallocs size bytes from a frame
 * of FRAME_BYTES, for the dlopen check of tests/integration/stacks.sh.
 *
 * Built twice, as module A (a frame of 0x88 bytes) and module B (0x1008),
 * from instructions of the same lengths, so that the return address of
 * the malloc call sits at the same offset in both: when B is loaded where
 * A was, a step cached for A's return address reads B's return address
 * 0xf80 bytes too low, where B has written zero, and a walk that trusted
 * the cache would stop at B's frame.  Written in assembly because only
 * assembly fixes the instructions.
 */
#define TEXT(x) #x
#define STRING(x) TEXT(x)

__asm__(".text\n"
	".globl stk_module_alloc\n"
	".type stk_module_alloc, @function\n"
	".p2align 4\n"
	"stk_module_alloc:\n"
	".cfi_startproc\n"
	/* Both frame sizes are above 127: the same 7-byte encoding. */
	"subq $" STRING(FRAME_BYTES) ", %rsp\n"
	".cfi_def_cfa_offset " STRING(FRAME_BYTES) " + 8\n"
	/* Zero where A's frame would hold its return address, inside B's
	 * frame; harmless in A's (0x80 lies within its 0x88 bytes). */
	"movq $0, " STRING(ZERO_AT) "(%rsp)\n"
	"call malloc@PLT\n"
	"addq $" STRING(FRAME_BYTES) ", %rsp\n"
	".cfi_def_cfa_offset 8\n"
	"ret\n"
	".cfi_endproc\n"
	".size stk_module_alloc, .-stk_module_alloc\n");
