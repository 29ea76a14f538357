import numpy as np
import tensorflow as tf

img = tf.constant(np.arange(0, 256, 8, dtype=np.uint8).reshape(2, 4, 4)[..., :3])
print(img)
f = tf.image.convert_image_dtype(img, tf.float32)
print(f)
print(tf.image.convert_image_dtype(f, tf.uint8), tf.image.convert_image_dtype(img, tf.uint16)[0])
print(tf.image.convert_image_dtype(img, tf.int8), tf.image.convert_image_dtype(f * 2.0 - 0.5, tf.uint8, saturate=True))
print(tf.image.adjust_brightness(img, 0.2), tf.image.adjust_brightness(img, -0.3)[0])
print(tf.image.adjust_contrast(img, 1.8), tf.image.adjust_gamma(img, 2.2, 0.9))
print(tf.image.rgb_to_grayscale(img), tf.image.grayscale_to_rgb(tf.image.rgb_to_grayscale(img))[1, 1])
print(tf.image.per_image_standardization(img))
print(tf.image.psnr(img, tf.image.adjust_brightness(img, 0.05), 255))
try:
    tf.image.total_variation(img)
except Exception as e:
    print(type(e).__name__, e)
print(tf.image.total_variation(tf.cast(img, tf.int32)))
print(tf.image.flip_left_right(img)[0], tf.image.rot90(img, 3)[..., 0], tf.image.pad_to_bounding_box(img, 1, 1, 4, 6)[..., 1])
