functions {
#include "no_such_file.stanfunctions"
}
