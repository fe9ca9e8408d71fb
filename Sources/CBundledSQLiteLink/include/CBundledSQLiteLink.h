/* No declarations: see link.c. */
