/* support.h - the compiler's ground floor, below the frontend: what every
 * layer (frontend, mir, passes, analyses, backend, driver) shares.  It
 * knows nothing of Stan's syntax, of MIR or of C; the runtime does not use
 * it (the runtime knows nothing of the compiler).
 *
 *   arena.h   the bump allocator of one compilation unit, PtrVec
 *   ice.h     internal compiler errors: ICE() and its recovery point
 *   names.h   suffixes of names (_lpdf, _rng, .stan)
 *   scope.h   a hash table of names in nested scopes
 *   source.h  source files, positions (Loc) and spans (Span)
 *   types.h   Stan's unsized types */
#ifndef PPL_SUPPORT_H
#define PPL_SUPPORT_H

#include "arena.h"
#include "ice.h"
#include "names.h"
#include "scope.h"
#include "source.h"
#include "types.h"

#endif
