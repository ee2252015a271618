/*
 * slots.c - finding an object's relocation slots by the name of the
 * function they hold, from its dynamic section as loaded.
 *
 * x86-64 and aarch64 use RELA relocations only.  glibc adjusts the
 * dynamic section's pointers by the load address in place on both; a
 * pointer still below the load address (the vDSO's, never adjusted) is
 * adjusted here.
 */
#include <elf.h>
#include <stdint.h>
#include <string.h>

#include "slots.h"

#if defined(__x86_64__)
#define SLOT_JUMP R_X86_64_JUMP_SLOT
#define SLOT_GLOB R_X86_64_GLOB_DAT
#elif defined(__aarch64__)
#define SLOT_JUMP R_AARCH64_JUMP_SLOT
#define SLOT_GLOB R_AARCH64_GLOB_DAT
#else
#error "attaching rewrites RELA slots: x86-64 and aarch64 only"
#endif

struct dynamic {
	const ElfW(Sym) *symbols;
	const char *strings;
	const uint32_t *gnu_hash;
	const ElfW(Rela) *plt, *rela;
	size_t plt_bytes, rela_bytes;
};

static const void *absolute(const struct dl_phdr_info *info, ElfW(Addr) pointer)
{
	return (const void *) (pointer < info->dlpi_addr ? pointer + info->dlpi_addr : pointer);
}

static bool read_dynamic(const struct dl_phdr_info *info, struct dynamic *out)
{
	const ElfW(Dyn) *dyn = NULL;

	memset(out, 0, sizeof(*out));
	for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++)
		if (info->dlpi_phdr[i].p_type == PT_DYNAMIC)
			dyn = (const ElfW(Dyn) *) (info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
	if (!dyn)
		return false;
	for (; dyn->d_tag != DT_NULL; dyn++) {
		switch (dyn->d_tag) {
		case DT_SYMTAB:
			out->symbols = absolute(info, dyn->d_un.d_ptr);
			break;
		case DT_STRTAB:
			out->strings = absolute(info, dyn->d_un.d_ptr);
			break;
		case DT_GNU_HASH:
			out->gnu_hash = absolute(info, dyn->d_un.d_ptr);
			break;
		case DT_JMPREL:
			out->plt = absolute(info, dyn->d_un.d_ptr);
			break;
		case DT_PLTRELSZ:
			out->plt_bytes = dyn->d_un.d_val;
			break;
		case DT_RELA:
			out->rela = absolute(info, dyn->d_un.d_ptr);
			break;
		case DT_RELASZ:
			out->rela_bytes = dyn->d_un.d_val;
			break;
		case DT_PLTREL:
			if (dyn->d_un.d_val != DT_RELA)
				return false;
			break;
		}
	}
	return out->symbols && out->strings;
}

static const char *listed(const char *name, const char *const *names)
{
	for (; *names; names++)
		if (strcmp(name, *names) == 0)
			return *names;
	return NULL;
}

static void each_in(const struct dl_phdr_info *info, const struct dynamic *dynamic,
		    const ElfW(Rela) *relocs, size_t bytes, const char *const *names,
		    void (*each)(void **, const char *, void *), void *data)
{
	for (size_t i = 0; relocs && i < bytes / sizeof(*relocs); i++) {
		ElfW(Xword) type = ELF64_R_TYPE(relocs[i].r_info);
		ElfW(Xword) index = ELF64_R_SYM(relocs[i].r_info);
		const char *name;

		if ((type != SLOT_JUMP && type != SLOT_GLOB) || index == 0)
			continue;
		name = listed(dynamic->strings + dynamic->symbols[index].st_name, names);
		if (name)
			each((void **) (info->dlpi_addr + relocs[i].r_offset), name, data);
	}
}

void as_slots_each(const struct dl_phdr_info *info, const char *const *names,
		   void (*each)(void **slot, const char *name, void *data), void *data)
{
	struct dynamic dynamic;

	if (!read_dynamic(info, &dynamic))
		return;
	each_in(info, &dynamic, dynamic.plt, dynamic.plt_bytes, names, each, data);
	each_in(info, &dynamic, dynamic.rela, dynamic.rela_bytes, names, each, data);
}

static bool in_segment(const struct dl_phdr_info *info, ElfW(Word) type, const void *address)
{
	uintptr_t at = (uintptr_t) address;

	for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *phdr = &info->dlpi_phdr[i];
		uintptr_t start = info->dlpi_addr + phdr->p_vaddr;

		if (phdr->p_type == type && at >= start && at < start + phdr->p_memsz)
			return true;
	}
	return false;
}

bool as_slots_in_relro(const struct dl_phdr_info *info, void **slot)
{
	return in_segment(info, PT_GNU_RELRO, slot);
}

bool as_slots_in_object(const struct dl_phdr_info *info, const void *address)
{
	return in_segment(info, PT_LOAD, address);
}

static uint32_t gnu_hash(const char *name)
{
	uint32_t h = 5381;

	for (; *name; name++)
		h = h * 33 + (unsigned char) *name;
	return h;
}

/* The object's own definition of the function `name` (its GNU hash table
 * holds only defined symbols), or NULL.  An IFUNC would need its resolver
 * called: none of the names asked is one. */
static void *defined_in(const struct dl_phdr_info *info, const char *name)
{
	struct dynamic dynamic;
	const uint32_t *table, *buckets, *chain;
	uint32_t buckets_count, first, h, i;

	if (!read_dynamic(info, &dynamic) || !dynamic.gnu_hash)
		return NULL;
	table = dynamic.gnu_hash;
	buckets_count = table[0];
	first = table[1];
	buckets = table + 4 + table[2] * (sizeof(ElfW(Addr)) / sizeof(uint32_t));
	chain = buckets + buckets_count;
	h = gnu_hash(name);
	if (buckets_count == 0)
		return NULL;
	for (i = buckets[h % buckets_count]; i >= first; i++) {
		const ElfW(Sym) *symbol = &dynamic.symbols[i];
		uint32_t hash = chain[i - first];

		if ((hash | 1) == (h | 1) && symbol->st_shndx != SHN_UNDEF && symbol->st_value != 0 &&
		    ELF64_ST_TYPE(symbol->st_info) == STT_FUNC &&
		    strcmp(dynamic.strings + symbol->st_name, name) == 0)
			return (void *) (info->dlpi_addr + symbol->st_value);
		if (hash & 1)
			break;
	}
	return NULL;
}

struct definition_search {
	const char *name;
	const void *skip;
	void *found;
};

static int search_definition(struct dl_phdr_info *info, size_t size, void *data)
{
	struct definition_search *search = data;

	(void) size;
	if (search->skip && as_slots_in_object(info, search->skip))
		return 0;
	search->found = defined_in(info, search->name);
	return search->found != NULL;
}

void *as_slots_definition(const char *name, const void *skip)
{
	struct definition_search search = { .name = name, .skip = skip };

	dl_iterate_phdr(search_definition, &search);
	return search.found;
}
