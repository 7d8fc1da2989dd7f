/* scope.h - a table of names in nested scopes, for the typechecker, the
 * MIR lowering and the MIR verifier.
 *
 * Lookup is a hash table, so checking a program is linear in its number of
 * declarations (a linear scan made 40,000 declarations take seconds).
 * Entries form a stack: scope_pop removes the entries of the innermost
 * scope, and a name declared again in an inner scope hides the outer one
 * until its scope is popped.  A name maps to an int the caller gives
 * meaning to (an index into its own table, a variable id).  Storage comes
 * from an arena and grows by doubling, so memory stays proportional to
 * the largest number of names in scope at once. */
#ifndef PPL_SCOPE_H
#define PPL_SCOPE_H

#include <stdbool.h>

#include "arena.h"

typedef struct ScopeEntry {
    const char *name;    /* not copied: must outlive the table */
    unsigned hash;
    int value;
    int older;           /* the entry before it in its bucket, or -1 */
} ScopeEntry;

typedef struct ScopeTable {
    Arena *arena;
    ScopeEntry *entries; /* a stack, innermost scope last */
    int n, cap;
    int *buckets;        /* newest entry of each bucket, or -1 */
    int nbuckets;        /* a power of two, or 0 before the first insert */
    int *marks;          /* where each open scope starts in entries */
    int depth, capmarks;
} ScopeTable;

/* An empty table with no scope open. */
void scope_init(ScopeTable *t, Arena *a);
/* Open a scope inside the current one. */
void scope_push(ScopeTable *t);
/* Close the innermost scope: its names are forgotten. */
void scope_pop(ScopeTable *t);
/* The number of open scopes. */
int scope_depth(const ScopeTable *t);
/* The number of names declared in all open scopes. */
int scope_count(const ScopeTable *t);
/* Forget the newest names until `count` remain (the names forgotten must
 * all be in the innermost scope): for a caller that marks positions
 * itself rather than pushing scopes. */
void scope_truncate(ScopeTable *t, int count);
/* Declare `name` in the innermost scope (a scope must be open); it hides
 * any visible declaration of the same name until its scope is popped. */
void scope_declare(ScopeTable *t, const char *name, int value);
/* The value of the innermost visible declaration of `name`; false if the
 * name is not declared in any open scope. */
bool scope_lookup(const ScopeTable *t, const char *name, int *value);
/* The entry (an index into t->entries) of the innermost visible
 * declaration of `name`, or -1; scope_older gives the next one out that
 * the entry hides, or -1, so every declaration of a name can be visited. */
int scope_find(const ScopeTable *t, const char *name);
int scope_older(const ScopeTable *t, int entry);

#endif
