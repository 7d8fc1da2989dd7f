model {
  break;
}
