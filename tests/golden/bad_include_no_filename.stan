#include
model {
}
