functions {
#include <include/util.stanfunctions>
}
