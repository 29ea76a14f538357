"""tf.function, run eagerly (TF: eager/polymorphic_function)."""
