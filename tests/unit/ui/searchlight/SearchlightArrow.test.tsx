// @vitest-environment jsdom
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  SearchlightArrow,
  type SearchlightArrowProps,
} from '../../../../src/ui/searchlight/SearchlightArrow';

const props: SearchlightArrowProps = {
  rotationDeg: 13.1,
  distanceText: '344 km',
  sectorText: 'SSE',
  label: 'The wearer is 344 km away, south-south-east',
  stale: false,
  staleText: 'The direction may be out of date',
};

describe('SearchlightArrow', () => {
  it('turns the arrow by the rotation and names it for screen readers', () => {
    render(<SearchlightArrow {...props} />);
    const arrow = screen.getByRole('img', { name: 'The wearer is 344 km away, south-south-east' });
    expect(arrow).toHaveStyle({ transform: 'rotate(13.1deg)' });
    expect(arrow).toHaveAttribute('data-stale', 'false');
    expect(screen.getByText('344 km SSE')).toBeInTheDocument();
    expect(screen.queryByText('The direction may be out of date')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('dims a stale heading and says so', () => {
    const { container } = render(<SearchlightArrow {...props} stale />);
    expect(screen.getByRole('img')).toHaveAttribute('data-stale', 'true');
    expect(container.firstElementChild).toHaveClass('ll-searchlight-stale');
    expect(screen.getByText('The direction may be out of date')).toBeInTheDocument();
  });

  it('draws no arrow without a direction', () => {
    render(<SearchlightArrow {...props} rotationDeg={null} distanceText="0 m" sectorText="" />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('0 m')).toBeInTheDocument();
  });

  it('shows a location error as an alert and a compass warning as a status', () => {
    render(
      <SearchlightArrow
        {...props}
        errorText="Finding your location took too long."
        warningText="This device has no compass."
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Finding your location took too long.');
    expect(screen.getByRole('status')).toHaveTextContent('This device has no compass.');
  });

  it('does not reach into the store (ui imports neither store nor features)', async () => {
    const source = await readFile(
      path.resolve(import.meta.dirname, '../../../../src/ui/searchlight/SearchlightArrow.tsx'),
      'utf8',
    );
    const imports = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
    expect(imports.filter((from) => /store|features/.test(from ?? ''))).toEqual([]);
  });
});
