model {
}
