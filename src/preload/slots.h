/* slots.h - the relocation slots through which a loaded object calls a
 * function of another: what attaching rewrites (src/preload/attach.c). */
#ifndef ALLOCSAMPLE_PRELOAD_SLOTS_H
#define ALLOCSAMPLE_PRELOAD_SLOTS_H

#include <link.h>
#include <stdbool.h>

/*
 * Calls `each(slot, name, data)` for every slot of the object `info` that
 * the dynamic linker fills with the address of a function named in `names`
 * (a NULL-terminated list): its PLT slots (JUMP_SLOT) and its GOT entries
 * (GLOB_DAT: calls compiled with -fno-plt, and addresses taken).  `name`
 * is the entry of `names`.  Objects without such relocations (the vDSO,
 * a static program) have none.  Reads the object's dynamic section only:
 * no allocation, no lock.
 */
void as_slots_each(const struct dl_phdr_info *info, const char *const *names,
		   void (*each)(void **slot, const char *name, void *data), void *data);

/* Whether `slot` lies in the object's PT_GNU_RELRO range, which the
 * dynamic linker made read-only once it had filled it. */
bool as_slots_in_relro(const struct dl_phdr_info *info, void **slot);

/* Whether `address` lies in one of the object's loaded segments. */
bool as_slots_in_object(const struct dl_phdr_info *info, const void *address);

/*
 * The function `name` as a call to it binds: the definition in the first
 * loaded object, in the loader's order, that defines it, leaving out the
 * object holding `skip` (NULL: none).  Not dlsym(RTLD_DEFAULT), which gives
 * the address a program without -fPIE takes of a function, its own PLT
 * entry (the "canonical" address), where a call through that entry would
 * come back through its slot.  NULL when no object defines it.  No
 * allocation, no lock but the loader's list's.
 */
void *as_slots_definition(const char *name, const void *skip);

#endif
