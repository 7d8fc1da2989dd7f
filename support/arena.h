/* arena.h - bump allocator for one compilation unit.
 *
 * Every token, AST node and diagnostic of one (model, pass) job comes from one
 * Arena; arena_free() releases it all at once, so memory stays flat over a
 * corpus and the leak checker means something. */
#ifndef PPL_ARENA_H
#define PPL_ARENA_H

#include <stddef.h>

typedef struct ArenaChunk ArenaChunk;

typedef struct Arena {
    ArenaChunk *head;
    size_t total;           /* bytes handed out, for statistics */
} Arena;

/* Zeroed memory of n bytes, aligned for any object; never returns NULL
 * (an allocation failure is fatal: the process cannot go on). */
void *arena_alloc(Arena *a, size_t n);
/* A copy of the first n bytes of s, NUL-terminated. */
char *arena_strndup(Arena *a, const char *s, size_t n);
char *arena_strdup(Arena *a, const char *s);
/* printf into the arena. */
char *arena_printf(Arena *a, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Release every allocation of the arena; the arena may be reused. */
void arena_free(Arena *a);

/* A growable array of pointers in an arena (old storage is abandoned). */
typedef struct PtrVec {
    void **items;
    int len, cap;
} PtrVec;

void vec_push(Arena *a, PtrVec *v, void *item);

#define NEW(arena, T) ((T *)arena_alloc((arena), sizeof(T)))

#endif
