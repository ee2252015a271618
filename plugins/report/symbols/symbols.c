/* symbols.c - return addresses to functions, files and lines with libdw, inlined calls expanded (see symbols.h). */
#include <string.h>

#include "symbols/demangle.h"
#include "symbols/symbols.h"

/* Inlined calls nested deeper than this are cut at the outermost ones. */
#define INLINE_DEPTH_MAX 64

struct lookup_key {
	const struct asr_binary *binary;
	uint64_t offset;
};

static guint key_hash(gconstpointer p)
{
	const struct lookup_key *k = p;

	return g_direct_hash(k->binary) ^ (guint) (k->offset * UINT64_C(0x9e3779b97f4a7c15) >> 32);
}

static gboolean key_equal(gconstpointer pa, gconstpointer pb)
{
	const struct lookup_key *a = pa, *b = pb;

	return a->binary == b->binary && a->offset == b->offset;
}

void asr_symbols_init(struct asr_symbols *symbols)
{
	symbols->located = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
						 (GDestroyNotify) asr_located_free);
	symbols->lookups = g_hash_table_new_full(key_hash, key_equal, g_free, g_free);
	symbols->strings = g_string_chunk_new(4096);
	symbols->debuginfod.client = NULL;
}

void asr_symbols_fini(struct asr_symbols *symbols)
{
	if (symbols->lookups)
		g_hash_table_destroy(symbols->lookups);
	if (symbols->located)
		g_hash_table_destroy(symbols->located);
	if (symbols->strings)
		g_string_chunk_free(symbols->strings);
	asr_debuginfod_fini(&symbols->debuginfod);
	memset(symbols, 0, sizeof *symbols);
}

const struct asr_located *asr_symbols_locate(struct asr_symbols *symbols, const char *path,
					     const char *build_id)
{
	/* Hex digits hold no line feed: the key's last one ends the path. */
	char *key = g_strconcat(path, "\n", build_id ? build_id : "", NULL);
	struct asr_located *l = g_hash_table_lookup(symbols->located, key);

	if (l) {
		g_free(key);
		return l;
	}
	l = asr_locate(path, build_id, &symbols->debuginfod);
	g_hash_table_insert(symbols->located, key, l);
	return l;
}

static const char *intern(struct asr_symbols *symbols, const char *s)
{
	return s ? g_string_chunk_insert_const(symbols->strings, s) : NULL;
}

/* A name demangled and interned. */
static const char *function_of_name(struct asr_symbols *symbols, const char *name)
{
	char *readable;
	const char *interned;

	if (!name || !*name)
		return NULL;
	readable = asr_demangle(name);
	interned = intern(symbols, readable);
	g_free(readable);
	return interned;
}

/* The name of a subprogram or inlined call: its linkage name, through
 * DW_AT_abstract_origin and DW_AT_specification, else its name. */
static const char *function_of_die(struct asr_symbols *symbols, Dwarf_Die *die)
{
	Dwarf_Attribute attr;
	const char *name = NULL;

	if (dwarf_attr_integrate(die, DW_AT_linkage_name, &attr) ||
	    dwarf_attr_integrate(die, DW_AT_MIPS_linkage_name, &attr))
		name = dwarf_formstring(&attr);
	if (!name)
		name = dwarf_diename(die);
	return function_of_name(symbols, name);
}

/* The file and line of `pc` in the line table of `cu`. */
static void line_of(struct asr_symbols *symbols, Dwarf_Die *cu, Dwarf_Addr pc,
		    struct asr_symbol_frame *frame)
{
	Dwarf_Line *line = dwarf_getsrc_die(cu, pc);
	const char *file = line ? dwarf_linesrc(line, NULL, NULL) : NULL;
	int number;

	if (file && dwarf_lineno(line, &number) == 0 && number > 0) {
		frame->file = intern(symbols, file);
		frame->line = (uint64_t) number;
	}
}

/* The call site of inlined call `inlined`: the file and line, in the
 * function it was inlined into, where it was called. */
static void call_site_of(struct asr_symbols *symbols, Dwarf_Die *cu, Dwarf_Die *inlined,
			 struct asr_symbol_frame *frame)
{
	Dwarf_Files *files;
	const char *file;
	size_t nfiles;

	if (dwarf_getsrcfiles(cu, &files, &nfiles) != 0)
		return;
	file = dwarf_filesrc(files, asr_binary_attribute(inlined, DW_AT_call_file), NULL, NULL);
	frame->line = asr_binary_attribute(inlined, DW_AT_call_line);
	frame->file = file && frame->line > 0 ? intern(symbols, file) : NULL;
	if (!frame->file)
		frame->line = 0;
}

static struct asr_symbol *symbol_new(guint n)
{
	struct asr_symbol *sym = g_malloc0(sizeof *sym + n * sizeof sym->frames[0]);

	sym->n = n;
	return sym;
}

/*
 * The chain of DIEs holding `pc`: the out-of-line function in chain[0],
 * then each inlined call inside the one before.  From the innermost: its
 * line from the line table; every frame outside it, the call site of the
 * frame inside it.
 */
static struct asr_symbol *from_dwarf(struct asr_symbols *symbols, Dwarf_Die *cu, Dwarf_Addr pc)
{
	Dwarf_Die chain[INLINE_DEPTH_MAX];
	struct asr_symbol *sym;
	guint depth = 0, k;

	if (!asr_binary_find_scope(cu, pc, DW_TAG_subprogram, &chain[0]))
		return NULL;
	while (depth + 1 < INLINE_DEPTH_MAX &&
	       asr_binary_find_scope(&chain[depth], pc, DW_TAG_inlined_subroutine, &chain[depth + 1]))
		depth++;
	sym = symbol_new(depth + 1);
	for (k = 0; k <= depth; k++) {
		struct asr_symbol_frame *frame = &sym->frames[k];

		frame->function = function_of_die(symbols, &chain[depth - k]);
		frame->inlined = k < depth;
		if (k == 0)
			line_of(symbols, cu, pc, frame);
		else
			call_site_of(symbols, cu, &chain[depth - k + 1], frame);
	}
	return sym;
}

static struct asr_symbol *resolve(struct asr_symbols *symbols, const struct asr_binary *binary,
				  uint64_t offset, bool dwarf)
{
	Dwarf_Addr addr, cu_bias;
	struct asr_symbol *sym = NULL;
	Dwarf_Die *cu = NULL;

	if (!binary->module || offset == 0)
		return symbol_new(1);
	addr = asr_binary_address(binary, offset) - 1;
	if (dwarf)
		cu = dwfl_module_addrdie(binary->module, addr, &cu_bias);
	if (cu)
		sym = from_dwarf(symbols, cu, addr - cu_bias);
	if (!sym) {
		sym = symbol_new(1);
		sym->frames[0].function =
			function_of_name(symbols, dwfl_module_addrname(binary->module, addr));
		if (cu)
			line_of(symbols, cu, addr - cu_bias, &sym->frames[0]);
	}
	return sym;
}

const struct asr_symbol *asr_symbols_lookup(struct asr_symbols *symbols,
					    const struct asr_binary *binary, uint64_t offset,
					    bool dwarf)
{
	struct lookup_key probe = { binary, offset }, *key;
	struct asr_symbol *sym = g_hash_table_lookup(symbols->lookups, &probe);

	if (!sym) {
		sym = resolve(symbols, binary, offset, dwarf);
		key = g_memdup2(&probe, sizeof probe);
		g_hash_table_insert(symbols->lookups, key, sym);
	}
	return sym;
}
