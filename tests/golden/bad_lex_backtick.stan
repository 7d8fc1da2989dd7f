model {
  `
}
