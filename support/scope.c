/* scope.c - names in nested scopes: a stack of entries chained into hash
 * buckets (see scope.h).  A bucket's chain runs from the newest entry to
 * the oldest, so the first match is the innermost declaration, and popping
 * a scope unlinks its entries from the heads of their chains. */
#include "scope.h"

#include <string.h>

#include "ice.h"

/* FNV-1a: short identifiers, no adversary who profits from collisions
 * beyond slowing one compile. */
static unsigned hash_name(const char *s)
{
    unsigned h = 2166136261u;
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 16777619u;
    }
    return h;
}

void scope_init(ScopeTable *t, Arena *a)
{
    memset(t, 0, sizeof *t);
    t->arena = a;
}

void scope_push(ScopeTable *t)
{
    if (t->depth == t->capmarks) {
        int cap = t->capmarks ? t->capmarks * 2 : 16;
        int *m = arena_alloc(t->arena, sizeof(int) * (size_t)cap);
        if (t->depth)
            memcpy(m, t->marks, sizeof(int) * (size_t)t->depth);
        t->marks = m;
        t->capmarks = cap;
    }
    t->marks[t->depth++] = t->n;
}

void scope_pop(ScopeTable *t)
{
    if (t->depth == 0)
        ICE("scope_pop without an open scope");
    scope_truncate(t, t->marks[t->depth - 1]);
    t->depth--;
}

void scope_truncate(ScopeTable *t, int count)
{
    if (count < 0 || count > t->n
        || (t->depth > 0 && count < t->marks[t->depth - 1]))
        ICE("scope_truncate to %d of %d names", count, t->n);
    while (t->n > count) {
        const ScopeEntry *e = &t->entries[--t->n];
        t->buckets[e->hash & (unsigned)(t->nbuckets - 1)] = e->older;
    }
}

int scope_depth(const ScopeTable *t)
{
    return t->depth;
}

int scope_count(const ScopeTable *t)
{
    return t->n;
}

/* Link entry i at the head of its bucket. */
static void link_entry(ScopeTable *t, int i)
{
    int *b = &t->buckets[t->entries[i].hash & (unsigned)(t->nbuckets - 1)];
    t->entries[i].older = *b;
    *b = i;
}

/* Twice the buckets, the entries relinked oldest first so that each chain
 * again runs newest to oldest. */
static void grow_buckets(ScopeTable *t)
{
    int nb = t->nbuckets ? t->nbuckets * 2 : 64;
    t->buckets = arena_alloc(t->arena, sizeof(int) * (size_t)nb);
    memset(t->buckets, 0xff, sizeof(int) * (size_t)nb);  /* all -1 */
    t->nbuckets = nb;
    for (int i = 0; i < t->n; i++)
        link_entry(t, i);
}

void scope_declare(ScopeTable *t, const char *name, int value)
{
    if (t->depth == 0)
        ICE("scope_declare without an open scope");
    if (t->n == t->cap) {
        if (t->cap > (1 << 29))
            ICE("scope table: more than 2^29 names in scope");
        int cap = t->cap ? t->cap * 2 : 64;
        ScopeEntry *e = arena_alloc(t->arena, sizeof(ScopeEntry) * (size_t)cap);
        if (t->n)
            memcpy(e, t->entries, sizeof(ScopeEntry) * (size_t)t->n);
        t->entries = e;
        t->cap = cap;
    }
    int i = t->n++;
    t->entries[i].name = name;
    t->entries[i].hash = hash_name(name);
    t->entries[i].value = value;
    /* at most one entry per bucket on average */
    if (t->n > t->nbuckets)
        grow_buckets(t);
    else
        link_entry(t, i);
}

/* The first entry at or after `from` in its bucket's chain named `name`. */
static int match(const ScopeTable *t, int from, const char *name)
{
    for (int i = from; i >= 0; i = t->entries[i].older)
        if (strcmp(t->entries[i].name, name) == 0)
            return i;
    return -1;
}

int scope_find(const ScopeTable *t, const char *name)
{
    if (t->nbuckets == 0)
        return -1;
    return match(t, t->buckets[hash_name(name) & (unsigned)(t->nbuckets - 1)],
                 name);
}

int scope_older(const ScopeTable *t, int entry)
{
    return match(t, t->entries[entry].older, t->entries[entry].name);
}

bool scope_lookup(const ScopeTable *t, const char *name, int *value)
{
    int i = scope_find(t, name);
    if (i < 0)
        return false;
    *value = t->entries[i].value;
    return true;
}
