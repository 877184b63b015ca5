/* Memory: every block the library takes comes from the allocator of the
 * object it is for (carc_allocator, carcassonne.h), the C library's by
 * default. The default is a constant: nothing here is process-wide state. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static void *std_alloc(void *user, size_t size)
{
    (void)user;
    return malloc(size);
}

static void std_release(void *user, void *ptr, size_t size)
{
    (void)user, (void)size;
    free(ptr);
}

/* no resize: it is optional, and no entry point grows a block yet */
const carc_allocator alloc_default = {sizeof(carc_allocator), std_alloc, NULL, std_release, NULL};

int alloc_take(const carc_allocator *in, carc_allocator *out)
{
    if (!in) {
        memcpy(out, &alloc_default, sizeof *out); /* padding too: a game's bytes compare equal to its copy's */
        return CARC_OK;
    }
    if (in->struct_size < CARC_ALLOCATOR_SIZE_V1) return CARC_E_VERSION;
    if (!in->alloc || !in->release) return CARC_E_INVALID;
    /* members a newer caller appended are not ours to read */
    memset(out, 0, sizeof *out);
    memcpy(out, in, in->struct_size < sizeof *out ? in->struct_size : sizeof *out);
    out->struct_size = (uint32_t)sizeof *out;
    return CARC_OK;
}

void *mem_zalloc(const carc_allocator *a, size_t size)
{
    void *p = a->alloc(a->user, size);
    if (p) memset(p, 0, size);
    return p;
}
