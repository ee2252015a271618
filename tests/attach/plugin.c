/*
 * plugin.c - a library that tests/attach/server loads and unloads, by its
 * bare name found along the server's RUNPATH, all through an attach: the
 * shim's dlopen must find it where the server's own would.  It allocates
 * nothing, so the server's count of its bytes stays exact.
 */
int attach_plugin_answer(void);

int attach_plugin_answer(void)
{
	return 42;
}
