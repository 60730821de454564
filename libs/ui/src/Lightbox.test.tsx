import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Gallery } from './Gallery';

const images = [
  { url: '/a.jpg', caption: 'First' },
  { url: '/b.jpg', caption: 'Second' },
];

describe('Gallery and Lightbox', () => {
  it('opens at the chosen image, navigates with arrows and closes with Escape', async () => {
    render(<Gallery images={images} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open image 2' }));
    expect(screen.getByRole('dialog', { name: 'Image viewer' })).toBeInTheDocument();
    expect(screen.getByText('2 of 2')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    // Said by screen readers as it changes: the caption is a polite live region.
    expect(screen.getByText('1 of 2').closest('[aria-live]')).toHaveAttribute(
      'aria-live',
      'polite',
    );
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByText('2 of 2')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps focus on Next while stepping through the images with the keyboard', async () => {
    const three = [...images, { url: '/c.jpg', caption: 'Third' }];
    render(<Gallery images={three} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open image 1' }));
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Next image' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Image viewer' })).toBeInTheDocument();
    expect(screen.getByText('3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next image' })).toHaveFocus();
  });

  it('replaces an image that fails to load with the placeholder and its text', async () => {
    render(<Gallery images={images} />);
    const thumb = screen.getByRole('button', { name: 'Open image 1' });
    fireEvent.error(within(thumb).getByRole('img', { hidden: true }));
    expect(within(thumb).queryByRole('img')).not.toBeInTheDocument();
    expect(within(thumb).getByText('Image not available')).toBeInTheDocument();
    await userEvent.click(thumb);
    const viewer = screen.getByRole('dialog', { name: 'Image viewer' });
    fireEvent.error(within(viewer).getByRole('img'));
    expect(within(viewer).getByText('Image not available')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', '/b.jpg');
  });

  it('treats placeholder-host images as missing uploads', () => {
    render(<Gallery images={[{ url: 'https://via.placeholder.com/600x400', caption: 'X' }]} />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(
      screen.getByText('Upload disabled - media upload service not configured'),
    ).toBeInTheDocument();
  });
});
