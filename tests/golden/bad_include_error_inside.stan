functions {
#include "include/broken.stanfunctions"
}
