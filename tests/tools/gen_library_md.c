/* gen_library_md.c - writes docs/library.md: every library function with
 * its signatures, from the same table the typechecker uses.
 *   build/tools/gen_library_md > docs/library.md */
#include <stdio.h>

#include "sigs.h"

int main(void)
{
    sig_write_markdown(sig_table(), stdout);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("gen_library_md");
        return 1;
    }
    return 0;
}
