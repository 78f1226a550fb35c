import type { ComponentType } from 'react';
import type { BlockProps, BlockType, PageBlock } from '../page-content';
import { Countdown } from './countdown';
import { Form } from './form';
import { Hero } from './hero';
import { BulletList, Faq, Testimonial } from './lists';
import { Image, Video } from './media';
import { NextButton } from './next-button';
import { Pricing } from './pricing';
import { Text } from './text';

/** The block library: one component per block type, shared by the builder and the published page. */
export const BLOCK_COMPONENTS: { [T in BlockType]: ComponentType<BlockProps<T>> } = {
  Hero, Text, Image, Video, BulletList, Testimonial, Pricing, Countdown, Faq, Form, NextButton,
};

export function PageBlockView({ block }: { block: PageBlock }) {
  const Component = BLOCK_COMPONENTS[block.type] as ComponentType<PageBlock['props']>;
  return <Component {...block.props} />;
}
