functions {
#include "include/rec_a.stanfunctions"
}
