// SPDX-License-Identifier: GPL-2.0
/*
 * gpioirq - hold a GPIO line with edge detection, as a user of the gpio
 * character device (libgpiod's gpiomon) would: gpiolib requests the line's
 * interrupt, which unmasks it in the chip, and frees it, masking it, when
 * the line is released.  Built static against the kernel tree's nolibc.
 *
 *   gpioirq CHIP LINE   request LINE of CHIP (/dev/gpiochipN) as an input
 *                       with both edges detected, print "held", and
 *                       release it when standard input reaches its end
 *
 * A failed request prints its errno and exits 1.
 */
#include "nolibc.h"
#include <linux/gpio.h>

static int fail(const char *what)
{
	perror(what);
	return 1;
}

int main(int argc, char **argv)
{
	struct gpio_v2_line_request req;
	char c;
	int fd;

	if (argc != 3) {
		fprintf(stderr, "usage: gpioirq CHIP LINE\n");
		return 2;
	}
	fd = open(argv[1], O_RDWR);
	if (fd < 0)
		return fail(argv[1]);
	memset(&req, 0, sizeof(req));
	req.offsets[0] = atoi(argv[2]);
	req.num_lines = 1;
	strcpy(req.consumer, "gpioirq");
	req.config.flags = GPIO_V2_LINE_FLAG_INPUT |
			   GPIO_V2_LINE_FLAG_EDGE_RISING |
			   GPIO_V2_LINE_FLAG_EDGE_FALLING;
	if (ioctl(fd, GPIO_V2_GET_LINE_IOCTL, &req))
		return fail("GPIO_V2_GET_LINE_IOCTL");
	printf("held\n");
	while (read(0, &c, 1) > 0)
		;
	if (close(req.fd))
		return fail("close");
	return close(fd) ? fail("close") : 0;
}
