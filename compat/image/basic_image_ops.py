import numpy as np
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


img = tf.reshape(tf.range(24.0), [2, 4, 3]) / 24.0
batch = tf.stack([img, 1.0 - img])
print(tf.image.flip_left_right(img)[..., 0], tf.image.flip_up_down(batch)[1, ..., 1])
for k in range(5):
    print(k, tf.image.rot90(img, k)[..., 0])
print(tf.image.rot90(batch, -1).shape, tf.image.transpose(batch).shape, tf.image.transpose(img)[..., 2])
show(lambda: tf.image.flip_left_right(tf.zeros([3, 3])))
show(lambda: tf.image.rot90(tf.zeros([1, 2, 3, 4, 5])))
print(tf.image.crop_to_bounding_box(img, 1, 1, 1, 2)[..., 0], tf.image.crop_to_bounding_box(batch, 0, 2, 2, 2).shape)
show(lambda: tf.image.crop_to_bounding_box(img, 1, 3, 1, 2))
print(tf.image.pad_to_bounding_box(img, 1, 0, 4, 5)[..., 0])
show(lambda: tf.image.pad_to_bounding_box(img, 1, 0, 2, 5))
u8 = tf.constant([[[0, 128, 255]]], tf.uint8)
print(tf.image.convert_image_dtype(u8, tf.float32), tf.image.convert_image_dtype(u8, tf.int16))
print(tf.image.convert_image_dtype(tf.constant([[[0.0, 0.5, 1.0, 1.2]]]), tf.uint8))
print(tf.image.convert_image_dtype(tf.constant([[[0.0, 0.5, 1.0, 1.2]]]), tf.uint8, saturate=True))
print(tf.image.convert_image_dtype(tf.constant([[[1000, -5]]], tf.int32), tf.uint8))
show(lambda: tf.image.convert_image_dtype(u8, tf.string))
print(tf.image.adjust_brightness(img, 0.25)[..., 0], tf.image.adjust_brightness(u8, 0.1))
print(tf.image.adjust_contrast(img, 2.0)[..., 1], tf.image.adjust_contrast(u8, 0.5))
print(tf.image.adjust_gamma(img, 2.0, 1.5)[..., 2], tf.image.adjust_gamma(u8, 0.5))
show(lambda: tf.image.adjust_gamma(img, -1.0))
print(tf.image.rgb_to_grayscale(img), tf.image.rgb_to_grayscale(u8))
print(tf.image.grayscale_to_rgb(tf.image.rgb_to_grayscale(img))[0, 0])
print(tf.image.per_image_standardization(img)[..., 0], tf.image.per_image_standardization(u8))
show(lambda: tf.image.per_image_standardization(tf.zeros([4, 3])))
dy, dx = tf.image.image_gradients(batch)
print(dy[0, ..., 0], dx[1, ..., 2])
print(tf.image.psnr(batch, tf.reverse(batch, [0]), max_val=1.0), tf.image.psnr(u8, u8 // 2, 255))
print(tf.image.total_variation(img), tf.image.total_variation(batch))
v = tf.Variable(img)
with tf.GradientTape(persistent=True) as t:
    ys = [tf.image.flip_left_right(v) * v, tf.image.rot90(v, 3) * 2.0, tf.image.per_image_standardization(v),
          tf.image.total_variation(v), tf.image.rgb_to_grayscale(v)]
    contrast = tf.image.adjust_contrast(v, 1.5)
for y in ys:
    print(t.gradient(y, v)[..., 0])
show(lambda: t.gradient(contrast, v))
